// The assistant concern's texts (ids "assistant.…"; machine texts "machines.<machine>.<key>").
export const assistantEn = {} as const;
