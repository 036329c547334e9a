const MB = 1024 * 1024;

/** A byte limit as messages show it: `20 MB`. */
export const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
