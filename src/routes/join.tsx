// /join/$token, the link of an invitation mail: the invitation, and joining its company. Open to anyone;
// accepting needs the invited address's account. Composes the company and offline features.

import { useParams } from '@tanstack/react-router';
import { JoinCompany } from '../features/company/join-company';
import { useOnline } from '../features/offline/network-status';
import { Page } from '../ui/page';

export default function JoinPage() {
  const { token } = useParams({ from: '/join/$token' });
  const online = useOnline();
  return (
    <Page title="Your invitation">
      <JoinCompany token={token} online={online} />
    </Page>
  );
}
