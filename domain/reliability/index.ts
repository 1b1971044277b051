export * from './distributions';
export * from './icc';
export * from './kappa';
export * from './drift';
export * from './report';
export * from './cohorts';
