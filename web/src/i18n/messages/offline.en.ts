// The offline concern's texts (ids "offline.…"; machine texts "machines.<machine>.<key>").
export const offlineEn = {
  'offline.updatedAt': 'Offline — updated at {time}',
  'offline.nothingKept': 'Offline — nothing has been kept on this device yet.',
  'offline.assistantNeedsConnection': 'You are offline: the assistant needs a connection.',
  'offline.orderNeedsConnection': 'You are offline: moving visits needs a connection.',
  'offline.patientsNeedsConnection': 'You are offline: adding or changing patients needs a connection.',
} as const;
