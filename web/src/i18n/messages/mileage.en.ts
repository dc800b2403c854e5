// The mileage concern's texts (ids "mileage.…"; machine texts "machines.<machine>.<key>").
export const mileageEn = {} as const;
