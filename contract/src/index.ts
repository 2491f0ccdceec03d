export * from './error.ts';
export * from './me.ts';
export * from './roles.ts';
export * from './apps.ts';
export * from './swc.ts';
export * from './runtime-config.ts';
export * from './health.ts';
export * from './service-jwts.ts';
