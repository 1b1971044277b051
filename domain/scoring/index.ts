export * from './normalise';
export * from './noAnswer';
export * from './dictionary';
export * from './engine';
export * from './file';
