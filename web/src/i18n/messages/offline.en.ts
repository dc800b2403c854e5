// The offline concern's texts (ids "offline.…"; machine texts "machines.<machine>.<key>").
export const offlineEn = {} as const;
