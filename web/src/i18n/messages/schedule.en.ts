// The schedule concern's texts (ids "schedule.…"; machine texts "machines.<machine>.<key>").
export const scheduleEn = {} as const;
