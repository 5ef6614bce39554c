import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  IMAGE_FORMATS,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  UploadedImageSchema,
  imageSrcset,
  type ImageFormat,
  type UploadedImage,
} from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  placeOrder,
  productInput,
  call,
  updateProduct,
} from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { startS3Server } from '../../../test/s3-server';
import { createImagesRepository } from './images.repository';
import { createImagesService } from './images.service';
import { createImageStorage } from './images.storage';

type User = ReturnType<typeof makeUser>;

/** A photo-like image (noise, so it does not compress to nothing), `width` x `height`. */
const photo = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#7a9',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });

/** True when an EXIF block holds a GPS IFD pointer (tag 0x8825), in either byte order. */
const hasGps = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

let bomb: Promise<Buffer> | undefined;
/** 10,000 x 5,000 white pixels: 50 megapixels in a small PNG. Made once for both storages (it takes seconds). */
const bombPng = () =>
  (bomb ??= sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer());

// The same suite against each storage: files under a directory, and an S3 server the test starts.
describe.each(['disk', 's3'] as const)('image upload (%s storage)', (kind) => {
  let t: TestApp;
  let dir: string;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const supplier = makeUser('supplier');
  const other = makeUser('other');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bulkwise-images-'));
    if (kind === 's3') s3 = await startS3Server();
    t = await buildTestApp({ config: { images: { dir, sweepMs: 0, ...(s3 ? { s3: s3.s3 } : {}) } } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function upload(user: User | null, data: Buffer, options: Parameters<typeof multipartFile>[1] = {}) {
    const body = multipartFile(data, options);
    return t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...(user ? await bearer(t, user) : {}), ...body.headers },
      payload: body.payload,
    });
  }
  async function uploaded(user: User, data: Buffer, options: Parameters<typeof multipartFile>[1] = {}) {
    const res = await upload(user, data, options);
    expect(res.statusCode, res.body).toBe(201);
    return UploadedImageSchema.parse(res.json());
  }
  const fetchImage = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** Every variant of the answer's srcset (WebP) or of its AVIF copies, decoded. */
  async function variants(image: UploadedImage, format: ImageFormat = 'webp') {
    const srcset = format === 'webp' ? image.srcset : imageSrcset(image.url, format)!;
    return Promise.all(
      srcset.split(', ').map(async (entry) => {
        const [url, w] = entry.split(' ');
        const res = await fetchImage(url!);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(IMAGE_FORMATS[format]);
        return { declared: Number(w!.replace('w', '')), meta: await sharp(res.rawPayload).metadata() };
      }),
    );
  }
  /** What sharp calls each stored format once decoded (AVIF is HEIF with AV1). */
  const decodedAs = { webp: 'webp', avif: 'heif' } as const;

  it('a JPEG with EXIF GPS comes back rotated as the camera meant, without any metadata', async () => {
    // 1600 x 900 as stored, orientation 6: a portrait photo 900 x 1600 when shown.
    const jpeg = await photo(1600, 900)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'Bulkcam', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 27/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '2/1 35/1 0/1',
        },
      })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect(hasGps(sent.exif!)).toBe(true);

    const image = await uploaded(supplier, jpeg, { filename: 'IMG_0001.JPG', contentType: 'image/jpeg' });
    expect(image).toMatchObject({ width: 900, height: 1600 });
    expect(image.url).toBe(`/images/u/${image.id}-900.webp`);
    for (const format of ['webp', 'avif'] as const) {
      const all = await variants(image, format);
      expect(all.map((v) => v.declared)).toEqual([160, 320, 640, 672, 800, 900]);
      for (const { declared, meta } of all) {
        expect(meta.format).toBe(decodedAs[format]);
        expect(meta.width).toBe(declared);
        expect(meta.height).toBeGreaterThan(meta.width!); // portrait: rotated
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
      }
    }
  });

  it('stores 160, 320, 640, 672, 800 and 1280 for a large photo and never upscales a small one', async () => {
    const large = await uploaded(supplier, await photo(1500, 1000).jpeg().toBuffer());
    expect((await variants(large)).map((v) => [v.declared, v.meta.width])).toEqual([
      [160, 160],
      [320, 320],
      [640, 640],
      [672, 672],
      [800, 800],
      [1280, 1280],
    ]);
    expect(large).toMatchObject({ width: 1280, height: 853 });
    // The AVIF copies have the same widths.
    const avif = await variants(large, 'avif');
    expect(avif.map((v) => [v.declared, v.meta.width, v.meta.compression])).toEqual(
      [160, 320, 640, 672, 800, 1280].map((w) => [w, w, 'av1']),
    );

    const small = await uploaded(supplier, await photo(120, 90).webp().toBuffer());
    expect(small).toMatchObject({ width: 120, height: 90, url: `/images/u/${small.id}-120.webp` });
    expect((await variants(small)).map((v) => v.meta.width)).toEqual([120]);
  });

  it('an upload stored before the 800 px width existed gets that file made from its widest, once', async () => {
    const image = await uploaded(supplier, await photo(1400, 1050).jpeg().toBuffer());
    const name = `${image.id}-800.webp`;
    // What a store written before the width existed holds: every other width, no 800.
    const storage = createImageStorage(t.config.images);
    await storage.remove([name]);
    expect(await storage.get(name)).toBeUndefined();

    const res = await fetchImage(`/images/u/${name}`);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(await storage.get(name)).toEqual(res.rawPayload);
    storage.close();
    // Only standard widths below the widest are made: others stay unknown.
    expect((await fetchImage(`/images/u/${image.id}-700.webp`)).statusCode).toBe(404);
    expect((await fetchImage(`/images/u/${'0'.repeat(32)}-800.webp`)).statusCode).toBe(404);
  });

  it('an upload stored before the AVIF copies existed gets each one made from its widest WebP, once', async () => {
    const image = await uploaded(supplier, await photo(1000, 750).jpeg().toBuffer());
    const storage = createImageStorage(t.config.images);
    const names = [672, 1000].map((w) => `${image.id}-${w}.avif`);
    await storage.remove(names);
    for (const [i, name] of names.entries()) {
      const res = await fetchImage(`/images/u/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/avif');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'heif', compression: 'av1', width: [672, 1000][i] });
      expect(await storage.get(name)).toEqual(res.rawPayload);
    }
    storage.close();
    expect((await fetchImage(`/images/u/${image.id}-1280.avif`)).statusCode).toBe(404);
  });

  it('decides the type from the bytes: a PNG named .jpg is taken as a PNG (its transparency kept)', async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const image = await uploaded(supplier, png, { filename: 'shelf.jpg', contentType: 'image/jpeg' });
    const [first] = await variants(image);
    expect(first!.meta.hasAlpha).toBe(true);
  });

  it('accepts AVIF', async () => {
    const avif = await photo(400, 300).avif({ effort: 0 }).toBuffer();
    expect((await uploaded(supplier, avif, { filename: 'a.avif', contentType: 'image/avif' })).width).toBe(
      400,
    );
  });

  it('refuses an SVG with a script, a GIF and bytes that are no image with 415, whatever they are called', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    for (const [data, filename] of [
      [svg, 'logo.png'],
      [gif, 'anim.jpg'],
      [Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'catalog.jpg'],
    ] as const) {
      const res = await upload(supplier, data, { filename, contentType: 'image/png' });
      expect(res.statusCode, filename).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: IMAGE_MESSAGES.unsupported,
      });
    }
  });

  it('refuses a 50-megapixel PNG before decoding it (a decompression bomb is small on the wire)', async () => {
    const bomb = await bombPng();
    expect(bomb.length).toBeLessThan(IMAGE_UPLOAD_MAX_BYTES);
    const res = await upload(supplier, bomb, { filename: 'big.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: IMAGE_MESSAGES.tooManyPixels });
  });

  it('refuses a truncated JPEG or PNG with a clear 400, storing nothing', async () => {
    for (const encode of [(s: Sharp) => s.jpeg(), (s: Sharp) => s.png()]) {
      const whole = await encode(photo(800, 600)).toBuffer();
      const res = await upload(supplier, whole.subarray(0, Math.floor(whole.length / 2)));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: IMAGE_MESSAGES.damaged });
    }
    const rows = await t.database.db.execute(sql`select count(*)::int as n from uploaded_images`);
    const before = (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    await upload(supplier, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
    const after = await t.database.db.execute(sql`select count(*)::int as n from uploaded_images`);
    expect((after as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(before);
  });

  it('refuses a file over 10 MB with 413, an empty request with 400, and a caller without a token with 401', async () => {
    const big = await upload(supplier, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const empty = await upload(supplier, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: IMAGE_MESSAGES.noFile });
    const json = await call(t, supplier, 'POST', '/api/images', { image: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload(null, await photo(50, 50).png().toBuffer())).statusCode).toBe(401);
  });

  it('serves variants for a year, immutable, with an ETag that answers 304; unknown names are 404', async () => {
    const image = await uploaded(supplier, await photo(300, 200).jpeg().toBuffer());
    const res = await fetchImage(image.url);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}-300"$/);
    const avif = await fetchImage(image.url.replace(/\.webp$/, '.avif'));
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.etag).not.toBe(etag);
    const again = await fetchImage(image.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await fetchImage(`/images/u/${'0'.repeat(32)}-300.webp`)).statusCode).toBe(404);
    expect((await fetchImage('/images/u/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
  });

  it("a product may show the caller's own upload; another user's upload is refused on create and update", async () => {
    const mine = await uploaded(supplier, await photo(700, 500).jpeg().toBuffer());
    const theirs = await uploaded(other, await photo(640, 480).jpeg().toBuffer());
    const product = await createProduct(t, supplier, { image: mine.url });
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(read.json()).toMatchObject({ image: mine.url });

    const create = await call(t, supplier, 'POST', '/api/products', productInput({ image: theirs.url }));
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { image: IMAGE_MESSAGES.notYours },
    });
    const update = await updateProduct(t, supplier, product._id, { image: theirs.url });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ fields: { image: IMAGE_MESSAGES.notYours } });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json()).toMatchObject(
      {
        image: mine.url,
      },
    );
    // An address under /images/u/ that is no upload's shape is a plain field error.
    const bogus = await call(
      t,
      supplier,
      'POST',
      '/api/products',
      productInput({ image: '/images/u/../../secret.png' }),
    );
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toMatchObject({ fields: { image: IMAGE_MESSAGES.badUploadPath } });
  });

  it('the same bytes uploaded by two users are one image with two owners: each may use it', async () => {
    const bytes = await photo(330, 200).jpeg().toBuffer();
    const a = await uploaded(supplier, bytes);
    const b = await uploaded(other, bytes);
    expect(b.url).toBe(a.url);
    await createProduct(t, other, { image: b.url });
  });

  it('the sweep removes uploads unused for a day that nothing shows, and keeps those a product or an order shows', async () => {
    const service = createImagesService({
      repository: createImagesRepository(t.database.db),
      storage: createImageStorage(t.config.images),
    });
    const buyer = makeUser('buyer');
    const unused = await uploaded(supplier, await photo(200, 150).jpeg().toBuffer());
    const fresh = await uploaded(supplier, await photo(210, 150).jpeg().toBuffer());
    const onProduct = await uploaded(supplier, await photo(220, 150).jpeg().toBuffer());
    const onOrder = await uploaded(supplier, await photo(230, 150).jpeg().toBuffer());
    await createProduct(t, supplier, { image: onProduct.url });
    // Bought while it showed onOrder, then given another image: only the order's snapshot keeps it.
    const sold = await createProduct(t, supplier, { image: onOrder.url });
    await placeOrder(t, buyer, sold._id, 10);
    const put = await updateProduct(t, supplier, sold._id);
    expect(put.statusCode).toBe(200);

    const aged = [unused, onProduct, onOrder].map((i) => i.id);
    await t.database.db.execute(
      sql`update uploaded_images set last_used_at = now() - interval '25 hours' where id in (${sql.join(
        aged.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(await service.sweep()).toBe(1);
    expect((await fetchImage(unused.url)).statusCode).toBe(404);
    expect((await fetchImage(unused.url.replace(/-\d+\.webp$/, '-160.webp'))).statusCode).toBe(404);
    expect(await service.storage.get(`${unused.id}-200.avif`)).toBeUndefined();
    for (const kept of [fresh, onProduct, onOrder]) expect((await fetchImage(kept.url)).statusCode).toBe(200);
    // The removed upload cannot be used any more; uploading the bytes again brings it back.
    const reuse = await call(t, supplier, 'POST', '/api/products', productInput({ image: unused.url }));
    expect(reuse.statusCode).toBe(400);
    expect(await service.sweep()).toBe(0);
    service.storage.close();
  });
});
