// /dashboard index, My Profile (the spec): the profile from the server, the verification state,
// the form, and the notifications on this device. Composes the auth, profile and push features.

import { useQueryClient } from '@tanstack/react-query';
import { texts } from '../contract/messages';
import { useAdminFlag } from '../features/auth/use-admin-flag';
import { userProfileQueryOptions, useUserProfile } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { VerificationStatus } from '../features/auth/verification-status';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { useOnline } from '../features/offline/network-status';
import { useMyCompany } from '../features/company/get-company';
import { AdminPendingNotice } from '../features/profile/admin-pending-notice';
import { ProfileForm } from '../features/profile/profile-form';
import { NotificationSettings } from '../features/push/notification-settings';
import { CompanyStandingNotice } from '../ui/company-standing-notice';
import { Spinner } from '../ui/spinner';

/** A dealer whose company may not order (yet) is told why, first thing. */
function CompanyStanding() {
  const company = useMyCompany();
  if (!company.data) return null;
  return <CompanyStandingNotice status={company.data.company.status} reason={company.data.company.statusReason} />;
}

function SignedInProfile({ email, name }: { email: string; name: string }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const profile = useUserProfile(email, { fresh: true });
  const admin = useAdminFlag();

  return (
    <div className="grid gap-6">
      {admin === false ? <CompanyStanding /> : null}
      {profile.data?.adminPending ? <AdminPendingNotice /> : null}
      <VerificationStatus online={online} />
      <section aria-label="Profile details" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        {profile.data ? (
          <ProfileForm
            key={email}
            name={profile.data.displayName || name}
            email={email}
            profile={profile.data}
            online={online}
            onSaved={() => queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(email).queryKey })}
          />
        ) : profile.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p className="text-error">
              {online ? 'Your profile could not be loaded.' : 'Your profile has not been saved on this device yet, and you are offline.'}
            </p>
            <button type="button" className="btn btn-outline" onClick={() => void profile.refetch()} disabled={!online}>
              Try again
            </button>
          </div>
        ) : (
          <Spinner label="Loading your profile" />
        )}
      </section>
      <NotificationSettings email={email} online={online} />
    </div>
  );
}

export default function DashboardProfilePage() {
  const { user } = useSession();
  return (
    <DashboardScreen path="/dashboard">
      {user ? <SignedInProfile email={user.email} name={user.displayName} /> : <p className="text-error">{texts.noUserLoggedIn}</p>}
    </DashboardScreen>
  );
}
