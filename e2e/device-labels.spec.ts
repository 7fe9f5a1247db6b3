import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

const require = createRequire(import.meta.url);
/** pdf.js and jsQR, served to a blank page of their own: the PDF is drawn and its codes read as a phone would, inside Chromium. */
const READER_FILES: Record<string, { path: string; type: string }> = {
  '/pdf.mjs': { path: require.resolve('pdfjs-dist/build/pdf.min.mjs'), type: 'text/javascript' },
  '/pdf.worker.mjs': { path: require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), type: 'text/javascript' },
  '/jsqr.js': { path: require.resolve('jsqr/dist/jsQR.js'), type: 'text/javascript' },
};
const READER_ORIGIN = 'http://label-reader.test';
const READER_PAGE = `<!doctype html><title>Label reader</title><script src="/jsqr.js"></script>
<script type="module">
  import * as pdfjs from '/pdf.mjs';
  pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
  window.pdfjsLib = pdfjs;
</script>`;

/** Avery 5160 as the sheet's maker gives it, in points: where each die-cut label is. */
const AVERY_5160 = { columns: 3, rows: 10, left: 13.5, top: 36, pitchX: 198, pitchY: 72, width: 189, height: 72 };

/**
 * Every label of every page of a PDF, read inside Chromium: each page drawn by pdf.js on a
 * canvas at 300 dpi, each die-cut label's area given to jsQR. One array per page, one entry
 * per label position: the text its QR code holds, or null for a blank label.
 */
async function readLabels(browser: Browser, pdf: Buffer): Promise<(string | null)[][]> {
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.route(`${READER_ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = READER_FILES[path];
    if (file) return route.fulfill({ body: readFileSync(file.path), contentType: file.type });
    return route.fulfill({ body: READER_PAGE, contentType: 'text/html' });
  });
  await reader.goto(`${READER_ORIGIN}/`);
  await reader.waitForFunction(() => 'pdfjsLib' in window && 'jsQR' in window);
  const pages = await reader.evaluate(
    async ({ data, sheet }) => {
      const pdfjs = (window as unknown as { pdfjsLib: typeof import('pdfjs-dist') }).pdfjsLib;
      const decode = (window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }).jsQR;
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const doc = await pdfjs.getDocument({ data: bytes }).promise;
      const scale = 300 / 72;
      const result: (string | null)[][] = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil(viewport.width);
        canvas.height = Math.ceil(viewport.height);
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        await page.render({ canvasContext: context, viewport }).promise;
        const labels: (string | null)[] = [];
        for (let slot = 0; slot < sheet.columns * sheet.rows; slot++) {
          const x = Math.round((sheet.left + (slot % sheet.columns) * sheet.pitchX) * scale);
          const y = Math.round((sheet.top + Math.floor(slot / sheet.columns) * sheet.pitchY) * scale);
          const image = context.getImageData(x, y, Math.round(sheet.width * scale), Math.round(sheet.height * scale));
          labels.push(decode(image.data, image.width, image.height)?.data ?? null);
        }
        result.push(labels);
      }
      return result;
    },
    { data: pdf.toString('base64'), sheet: AVERY_5160 },
  );
  await context.close();
  return pages;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function addDevice(page: Page, propertyId: number, device: { tag: string; building: string; floor: string; room: string }) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post(`/api/properties/${propertyId}/devices`, {
    data: {
      itemType: 'fire_extinguisher',
      subtype: 'dry_chemical',
      rating: '5 lb ABC',
      tag: device.tag,
      serialNumber: `SN-${device.tag}`,
      location: { building: device.building, floor: device.floor, room: device.room, description: 'by the stair door' },
    },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; tag: string };
}

test('at 375 px, labels print from the dialog, every QR code in the PDF scans to its tag page, which opens the device for a member and the public card for anyone else', async ({
  proPage: page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const added = await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: day(30) }, headers: { origin } });
  expect(added.status()).toBe(201);
  const suffix = Date.now().toString(36).toUpperCase();
  const devices = [
    await addDevice(page, property.id, { tag: `LBL-${suffix}-1`, building: 'North wing', floor: '1', room: '101' }),
    await addDevice(page, property.id, { tag: `LBL-${suffix}-2`, building: 'North wing', floor: '2', room: '201' }),
    await addDevice(page, property.id, { tag: `LBL-${suffix}-3`, building: 'North wing', floor: '3', room: '301' }),
  ];

  await page.goto(`/properties/${property.id}`);
  await page.getByRole('tab', { name: 'Devices' }).click();
  await page.getByRole('region', { name: 'Devices' }).getByRole('button', { name: 'Print labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog.getByText('3 of 3 chosen')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Avery 5160/ })).toBeChecked();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // A used sheet: a number past its last label is refused with what it takes.
  const used = dialog.getByLabel('Labels already used on the first sheet');
  await used.fill('30');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  await expect(dialog.getByText('Enter a whole number from 0 to 29')).toBeVisible();
  // 28 used: two labels fit on the first sheet, the third starts the next.
  await used.fill('28');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('firemark-labels-harbor-view-offices.pdf');
  await expect(dialog.getByRole('status')).toContainText('3 labels on 2 sheets');
  const pdf = readFileSync((await file.path())!);

  const sheets = await readLabels(browser, pdf);
  const urls = devices.map((d) => `${origin}/t/${d.tag}`);
  expect(sheets).toHaveLength(2);
  expect(sheets[0]!.slice(0, 28)).toEqual(Array(28).fill(null));
  expect(sheets[0]!.slice(28)).toEqual(urls.slice(0, 2));
  expect(sheets[1]).toEqual([urls[2], ...Array(29).fill(null)]);

  // Scanned by a member: the device's own page.
  await page.goto(urls[0]!.toLowerCase().replace(origin.toLowerCase(), ''));
  await expect(page).toHaveURL(new RegExp(`/devices/${devices[0]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Tag ${devices[0]!.tag}` })).toBeVisible();

  // Scanned by anyone else: what the paper tag shows, nothing of where it is or its serial number.
  const strangerContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const stranger = await strangerContext.newPage();
  await stranger.goto(urls[1]!);
  await expect(stranger.getByRole('heading', { level: 1, name: `Tag ${devices[1]!.tag}` })).toBeVisible();
  await expect(stranger.getByText('In service', { exact: true })).toBeVisible();
  const facts = stranger.locator('dl');
  await expect(facts).toContainText('Fire extinguisher');
  await expect(facts).toContainText('Next due');
  const shownText = (await stranger.locator('main').textContent()) ?? '';
  for (const secret of ['Harbor View', 'North wing', '201', `SN-${devices[1]!.tag}`, 'stair door']) expect(shownText).not.toContain(secret);
  await expectNoSidewaysScroll(stranger);
  await expectAccessible(stranger);
  await stranger.goto('/t/NO-SUCH-TAG');
  await expect(stranger.getByRole('heading', { level: 1, name: 'No tag page' })).toBeVisible();

  // The organisation turns its tag pages off: the stranger's scan finds none; the member's still opens the device.
  await page.goto('/settings#tag-pages');
  const setting = page.getByRole('switch', { name: 'Show a public page when someone scans a label' });
  await expect(setting).toBeChecked();
  await setting.click();
  await expectToast(page, 'Tag pages off', 'Only your members see a device when they scan its label.');
  await expect(setting).not.toBeChecked();
  await stranger.goto(urls[1]!);
  await expect(stranger.getByRole('heading', { level: 1, name: 'No tag page' })).toBeVisible();
  await page.goto(`/t/${devices[1]!.tag}`);
  await expect(page).toHaveURL(new RegExp(`/devices/${devices[1]!.id}$`));
  await strangerContext.close();
});
