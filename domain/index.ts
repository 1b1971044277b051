export * from './codes';
export * from './permissions';
export * from './messages';
export * from './schemas/fields';
export * from './schemas/auth';
export * from './schemas/lists';
export * from './schemas/users';
export * from './scoring';
