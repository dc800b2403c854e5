// The patients concern's texts (ids "patients.…"; machine texts "machines.<machine>.<key>").
export const patientsEn = {} as const;
