/** Query keys of the settings feature. */
export const settingsKeys = {
  all: ['settings'] as const,
  mine: (uid: string) => [...settingsKeys.all, uid] as const,
};
