/** A report's time as the console shows it: UTC to the minute, as the audit log does. */
export const shortTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
