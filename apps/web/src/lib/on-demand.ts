export interface OnDemand<T> {
  /** What has loaded, or undefined until then. */
  current: () => T | undefined;
  /** Loads it once; a failed load (offline) is tried again by the next call. */
  load: () => Promise<T>;
}

/** Something loaded on its first use (a schema, a contract), once. */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    current: () => value,
    load: () => {
      loading ??= load().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
