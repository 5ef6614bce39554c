import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './use-test-app';

const ROUTES_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/routes.md');

type Operation = {
  operationId: string;
  summary: string;
  tags?: string[];
  security: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
  'x-rate-limit'?: string;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let doc: Document;
const t = useTestApp();
beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
});

/** docs/routes.md: one row per operation, from the document. */
function routeTable(document: Document): string {
  const rows = Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const who = op.security.length === 0 ? 'anyone' : 'signed in (API token)';
      const limit = op.responses['429'] ? 'yes (429)' : '—';
      return `| ${method.toUpperCase()} | \`${url}\` | ${op.tags?.join(', ') ?? '—'} | ${who} | ${limit} | ${op.summary} |`;
    }),
  );
  return [
    '# Routes',
    '',
    'Generated from the OpenAPI document (`GET /api/docs/json`) by `apps/api/test/openapi.test.ts`, which fails',
    'when this table and the API disagree; rewrite it with `UPDATE_ROUTES=1 npx vitest run apps/api/test/openapi.test.ts`.',
    'The rate-limit column says whether the route has a limit of its own (answering 429); the limits',
    'themselves are settings (README, Configuration).',
    '',
    '| method | path | module | who may call | own rate limit | what it does |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

describe('the OpenAPI document', () => {
  it('passes Redocly lint with the recommended rules: no errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: '/openapi.json',
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('gives every operation an id, a summary, its security and its error responses with the error body', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(20);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) {
      expect(op.summary, op.operationId).toBeTruthy();
      expect(Array.isArray(op.security), op.operationId).toBe(true);
      expect(op.responses['500'], op.operationId).toBeDefined();
      // The health checks answer their own body with 503 (a balancer reads it); every other error is the error body.
      const errorCodes = Object.keys(op.responses).filter(
        (status) => Number(status) >= 400 && !(op.tags?.includes('health') && status === '503'),
      );
      for (const status of errorCodes) {
        // The error body by reference, or a route's own extension of it (a refused import carries its report).
        const text = JSON.stringify(op.responses[status]);
        const errorBody =
          text.includes('#/components/schemas/ErrorBody') ||
          (text.includes('"code"') && text.includes('"requestId"'));
        expect(errorBody, `${op.operationId} ${status}`).toBe(true);
      }
    }
    const purchase = doc.paths['/api/products/purchase/{id}']!.post!;
    expect(purchase.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(purchase.responses)).toEqual(
      expect.arrayContaining(['400', '401', '404', '409', '429']),
    );
    expect(doc.paths['/api/settings']!.get!.responses['429']).toBeUndefined();
    expect(doc.paths['/api/products']!.get!.security).toEqual([]);
  });

  it('matches the route table in docs/routes.md', () => {
    const table = routeTable(doc);
    if (process.env.UPDATE_ROUTES === '1') writeFileSync(ROUTES_MD, table);
    expect(readFileSync(ROUTES_MD, 'utf8')).toBe(table);
  });
});
