// When something shown offline was saved on the device, in the dealer's own date and time format.

export const formatSavedAt = (time: number): string => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
