// What the notification routes take and answer (server/routes/push.ts, docs/notifications.md).

import { PushDeviceSchema, PushSettingsBodySchema, PushSettingsSchema, PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from '../../src/contract/push';
import { routeSchema } from '../lib/route-schema';
import { MAX_DEVICES_PER_USER } from '../repositories/push';

const WHO = 'Every signed-in account, for itself only.';

export const pushSchemas = {
  settings: routeSchema({
    summary: 'Notification settings',
    description: `The shop's VAPID public key a browser subscribes with, the kinds of notification offered to this account, and those it switched off. ${WHO}`,
    tag: 'Account',
    access: 'signedIn',
    answers: { 200: PushSettingsSchema },
  }),
  putSettings: routeSchema({
    summary: 'Choose which notifications to receive',
    description: `The kinds of notification the account does not want, on any of its devices; every other kind offered to it is sent. ${WHO}`,
    tag: 'Account',
    access: 'signedIn',
    body: PushSettingsBodySchema,
    answers: { 200: PushSettingsSchema },
  }),
  subscribe: routeSchema({
    summary: 'Receive notifications on this device',
    description:
      'The browser’s push subscription (`PushSubscription.toJSON()`): notifications for the signed-in account go to it from now on. A device subscribed ' +
      `under another account moves to this one. An account keeps its ${MAX_DEVICES_PER_USER} newest devices. In production only the browsers’ own push services are accepted. ${WHO}`,
    tag: 'Account',
    access: 'signedIn',
    body: PushSubscriptionBodySchema,
    answers: {
      200: { schema: PushDeviceSchema, description: 'The device was subscribed already.' },
      201: { schema: PushDeviceSchema, description: 'The device is new.' },
    },
  }),
  unsubscribe: routeSchema({
    summary: 'Stop notifications on this device',
    description: `Forgets the device by its push service address; messages waiting for it are dropped. ${WHO}`,
    tag: 'Account',
    access: 'signedIn',
    body: PushUnsubscribeBodySchema,
    answers: { 200: PushDeviceSchema },
    refusals: { 404: 'No device of this account has that address.' },
  }),
};
