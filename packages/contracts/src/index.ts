export * from './categories';
export * from './products';
export * from './pricing';
export * from './purchases';
export * from './auth';
export * from './errors';
export * from './messages';
export * from './storage-keys';
