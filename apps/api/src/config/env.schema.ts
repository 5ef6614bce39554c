import { z } from 'zod';

// The environment the API reads, one group per concern; env.ts turns it into a Config.

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** The process: environment, address, log level. */
const server = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

/** PostgreSQL and the data directory. */
const database = {
  /**
   * PostgreSQL connection string. Required: `npm start` and `npm run dev` run the embedded server from
   * npm-shipped binaries under DATA_DIR and set it; a deployment points it at its server.
   */
  DATABASE_URL: z
    .string({
      error: 'required: the PostgreSQL connection string (npm start sets it for its embedded server)',
    })
    .url(),
  DATA_DIR: z.string().default('.data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
};

/** The API's session tokens and the Firebase project that signs users in. */
const auth = {
  /** HMAC secret of the API's own session tokens (32+ characters). Generated into DATA_DIR outside production. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-bulkwise'),
  /** host:port of the Firebase Auth emulator. Never allowed in production (it accepts unsigned tokens). */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
};

/** What the web is served: the SPA, its origins, its Firebase web config. */
const web = {
  /** Comma-separated origins allowed by CORS (the SPA is same-origin and needs none). */
  CORS_ORIGINS: z.string().default(''),
  /** Built SPA to serve on the same origin; empty to serve the API alone. */
  WEB_DIST_DIR: z.string().default(''),
  /** Public web config of a real Firebase project (served to the SPA by GET /api/config). */
  FIREBASE_API_KEY: z.string().default('demo-api-key'),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
};

/** Rate limits and load shedding. */
const limits = {
  RATE_LIMIT_JWT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Every request of one address (cached reads included, so the ceiling is high). */
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Searches (`GET /products?q=`) and suggestions of one address: each new query costs the database. */
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** CSV exports of one user: each reads all of a supplier's orders. */
  RATE_LIMIT_EXPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Mean event-loop delay (ms) above which requests get 503 + Retry-After instead of queueing; 0 = off. */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Image uploads of one user (POST /api/images): each decodes a photo and writes four files. */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_DISABLED: bool,
};

/** Uploaded images: the disk or an S3 bucket, and their sweep. */
const storage = {
  /** Uploaded images on disk (default DATA_DIR/images); unused when S3_BUCKET is set. */
  IMAGES_DIR: z.string().optional(),
  /**
   * Uploaded images in an S3 bucket (AWS S3, MinIO, R2...) instead of on disk. Credentials come from the
   * usual AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE...), read by the AWS SDK.
   */
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An S3-compatible server's URL (MinIO, R2); empty for AWS itself. Path-style addressing is used with it. */
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('us-east-1'),
  /** How often unreferenced uploads older than a day are looked for and removed (ms); 0 = never. */
  IMAGE_SWEEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
};

/** Where and how many instances run: public address, Redis, caches, proxies, demo data. */
const deployment = {
  /** Where browsers reach this server; used for absolute links such as demo avatars. */
  PUBLIC_URL: z.string().url().optional(),
  /** Echoed by GET /api/health, so whoever started this process knows it is the one answering. */
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/, 'letters, digits, ".", "_" or "-" (at most 100)')
    .optional(),
  /**
   * Redis shared by every API instance (rate limits). Optional: without it limits are per instance.
   * A database index in the path (redis://host:6379/6) keeps deployments apart on one server.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z.string().default('bulkwise:'),
  /** How many API instances the deployment runs; above 1 without REDIS_URL, a warning says limits are per instance. */
  INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * Memory for serialised product pages (MiB). Filled with the whole catalog when the server starts
   * listening, while it fits: a product page is then answered without the database until it changes.
   */
  PRODUCT_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(128),
  /** Memory for kept search pages and suggestions (MiB): two thirds for first pages, a third for later ones. */
  SEARCH_CACHE_MB: z.coerce.number().int().min(1).max(4_096).default(24),
  /**
   * Every this many ms, one `memory` log line: RSS, heap, buffers and what the response caches hold. 0
   * (the default) writes none. For telling a cache filling to its limit from a leak (bench:scale's soak).
   */
  MEMORY_LOG_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  /** Stock writes (purchases, order moves) of one product waiting in this process; more get a 503. */
  PRODUCT_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(500),
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address: `false` (none, the default),
   * `true` (any: only when nothing but the balancer can reach the API), or comma-separated addresses,
   * CIDRs or the names `loopback`, `linklocal`, `uniquelocal` of the balancers. Fastify 5 refuses hop
   * counts (they cannot check who is talking), so a number is rejected here rather than ignored.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) => !/^\s*\d+\s*$/.test(v),
      'a hop count is not supported: name the balancers (addresses, CIDRs, loopback)',
    ),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
};

/** Email: SMTP and the outbox worker. */
const mail = {
  /** `false` runs without sending email: the outbox keeps its rows until mail is enabled. */
  MAIL_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** smtp://user:pass@host:port or smtps://…; `npm start` points it at its local mail catcher. */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .url()
      .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(600_000),
  /** How long a claimed row is held; a process that died while sending gives its rows up after this. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(2_000).max(3_600_000).default(120_000),
  /** Days a sent or skipped email (addresses, phone, shipping address) stays in the outbox. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** Days a failed email stays, for an operator to look into. */
  OUTBOX_FAILED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
};

export const EnvSchema = z
  .object({ ...server, ...database, ...auth, ...web, ...limits, ...storage, ...deployment, ...mail })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'the Auth emulator accepts unsigned tokens and must never be used with NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
    // Turning limits off is for tests and local benches; in production it would leave sign-in and
    // search open to floods, so it is refused like the emulator rather than quietly honoured.
    if (env.NODE_ENV === 'production' && env.RATE_LIMIT_DISABLED) {
      ctx.addIssue({
        code: 'custom',
        path: ['RATE_LIMIT_DISABLED'],
        message: 'rate limits cannot be disabled with NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.MAIL_ENABLED) {
      // Order emails carry absolute links; without PUBLIC_URL they would point at localhost.
      for (const key of ['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL'] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              key === 'PUBLIC_URL'
                ? 'is required in production to link order emails to the site (or set MAIL_ENABLED=false to run without email)'
                : 'is required in production to send order emails (or set MAIL_ENABLED=false to run without email)',
          });
        }
      }
    }
  });
