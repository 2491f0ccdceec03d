import type { TestProject } from 'vitest/node';
import { startProduct } from './start-product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const product = await startProduct(Number(process.env.E2E_PORT ?? 3900));
  project.provide('baseUrl', product.baseUrl);
  project.provide('databaseUrl', product.databaseUrl);
  return () => product.stop();
}
