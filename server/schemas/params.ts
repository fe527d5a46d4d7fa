// The path parameters routes share: an id (a UUID) or an e-mail address.

import * as v from 'valibot';
import { EmailSchema, IdSchema } from '../../src/contract/fields';

export const IdParams = v.object({ id: IdSchema });
export const EmailParams = v.object({ email: EmailSchema });
