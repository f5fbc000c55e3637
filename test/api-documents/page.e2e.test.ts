// GET /docs in real headless Chromium: the page is served by the app itself
// (no request leaves the origin), lists every documented path, and runs
// add-url, and chunking as shipped (nothing typed), from the page with "Try it out".
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { buildAppWithRoutes, getJson, type JsonObject } from './app.ts';

describe('GET /docs in Chromium', { timeout: 120_000 }, () => {
  let app: FastifyInstance;
  let browser: Browser;
  let page: Page;
  let base: string;
  const foreign: string[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    ({ app } = await buildAppWithRoutes());
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  test('the page shows the OpenAPI 3.1 document and loads nothing from elsewhere', async () => {
    assert.equal(await page.title(), 'sample-utility-service API');
    await page.locator('.info .title', { hasText: 'sample-utility-service' }).waitFor();
    assert.match(await page.locator('.info .title').innerText(), /OAS 3\.1/);
    assert.deepEqual(foreign, []);
    assert.deepEqual(pageErrors, []);
  });

  test('every documented endpoint path is listed on the page', async () => {
    const openapi = await getJson(app, '/openapi.json');
    const expected = Object.keys(openapi.paths as JsonObject).sort();
    const listed = [
      ...new Set(
        await page
          .locator('.opblock-summary-path')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? '')),
      ),
    ].sort();
    assert.deepEqual(listed, expected);
    for (const path of ['/apis/add-url', '/survey_api.php']) assert.ok(listed.includes(path), path);
    for (const twin of ['/apis/add-url.php', '/survey_api'])
      assert.ok(!listed.includes(twin), `${twin} is listed twice`);
  });

  test('add-url runs from the page: Try it out, fill input1 and input2, Execute', async () => {
    const op = page.locator('#operations-Addition-getApisAddUrl');
    await op.locator('.opblock-summary').click();
    // "Try it out" is on from the start (tryItOutEnabled): the button offers Cancel.
    const tryOut = op.locator('button.try-out__btn');
    assert.equal((await tryOut.innerText()).trim(), 'Cancel');
    await op.locator('tr[data-param-name="input1"] input').fill('30');
    await op.locator('tr[data-param-name="input2"] input').fill('12');
    await op.locator('button.execute').click();
    const live = op.locator('.live-responses-table');
    await live.locator('.response-col_status', { hasText: '200' }).waitFor();
    const body = await live
      .locator('.response-col_description .microlight, .response-col_description pre')
      .first()
      .innerText();
    assert.match(body, /"result": 42/);
    assert.match(body, /"input1": 30/);
    const url = await op.locator('.request-url pre').innerText();
    assert.equal(url, `${base}/apis/add-url?input1=30&input2=12`);
  });

  test('the Authorize dialog holds the lab credentials: add-custom and add-basic run with nothing typed', async () => {
    for (const id of ['getApisAddCustom', 'getApisAddBasic']) {
      const op = page.locator(`#operations-Addition-${id}`);
      await op.locator('.opblock-summary').click();
      await op.locator('tr[data-param-name="input1"] input').fill('2');
      await op.locator('tr[data-param-name="input2"] input').fill('3');
      await op.locator('button.execute').click();
      const live = op.locator('.live-responses-table');
      await live.locator('.response-col_status', { hasText: '200' }).waitFor();
      assert.match(
        await live.locator('.response-col_description .microlight, .response-col_description pre').first().innerText(),
        /"result": 5/,
        id,
      );
    }
  });

  test('chunking runs from the page as shipped: optional headers empty, the sample text body, Execute gives 200', async () => {
    const op = page.locator('#operations-Documents-postApisChunkAndPerformEmbeddingPhp');
    await op.locator('.opblock-summary').click();
    const input = (name: string) => op.locator(`tr[data-param-name="${name}"] input`);
    // Required headers hold their example, the values to send.
    assert.equal(await input('sourceName').inputValue(), 'handbook.pdf');
    assert.equal(await input('tenant-id').inputValue(), '7');
    assert.equal(await input('document-id').inputValue(), '42');
    // Optional ones are empty, their example shown in the description instead.
    for (const name of ['performEmbedding', 'embeddingEndpoint', 'page-numbers', 'ocr', 'indexName', 'Prefer'])
      assert.equal(await input(name).inputValue(), '', `${name} is pre-filled`);
    assert.match(await op.locator('tr[data-param-name="indexName"]').innerText(), /Example: pdf-chunks/);
    // The body starts on the sample text.
    assert.equal(await op.locator('.opblock-section-request-body select').first().inputValue(), 'text/plain');
    assert.match(await op.locator('.opblock-section-request-body textarea').inputValue(), /^# 1 Introduction/);
    await op.locator('button.execute').click();
    const live = op.locator('.live-responses-table');
    await live.locator('.response-col_status', { hasText: '200' }).waitFor({ timeout: 60_000 });
    const text = await live
      .locator('.response-col_description .microlight, .response-col_description pre')
      .first()
      .innerText();
    const { value } = JSON.parse(text) as { value: Record<string, unknown>[] };
    assert.ok(value.length >= 2, `${value.length} chunks`);
    // Exactly the fields of the index GET /apis/search-index-definition makes by default.
    for (const chunk of value)
      assert.deepEqual(Object.keys(chunk).sort(), [
        '@search.action',
        'content',
        'document_id',
        'embedding',
        'id',
        'section',
        'sourceName',
        'tenant_id',
      ]);
    assert.equal(value[0]!.id, '7-42-0000');
    assert.deepEqual(pageErrors, []);
  });

  test('the page also offers the Swagger 2.0 document', async () => {
    await page.locator('.topbar select').selectOption({ label: 'Swagger 2.0 for Power Platform (/swagger.json)' });
    await page.locator('.info .title', { hasText: '2.0' }).waitFor();
    const listed = await page
      .locator('.opblock-summary-path')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    assert.ok(listed.includes('/apis/add-url'));
    assert.deepEqual(foreign, []);
    assert.deepEqual(pageErrors, []);
  });
});
