export * from './categories';
export * from './products';
export * from './purchases';
export * from './orders';
export * from './auth';
export * from './errors';
export * from './messages';
export * from './storage-keys';
