// The route concern's texts (ids "route.…"; machine texts "machines.<machine>.<key>").
export const routeEn = {} as const;
