// A dealer who pays gets the confirmation with the invoice attached (caught by the server's local mail
// catcher in DATA_DIR/mail), and Invoice in My Orders downloads the same invoice.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { api, expect, signIn, test } from './fixtures';
import { mailTo } from './screen-helpers';

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test('a dealer who paid gets the invoice by e-mail and downloads the same one from My Orders', async ({ page, createUser, createProduct }) => {
  const dealer = await createUser({ displayName: 'Ines Invoice', verified: true });
  const product = await createProduct({ name: 'Forgeline DH30 Demolition Hammer', price: 349, availableQnt: 200, minOrderQnt: 2 });
  const placed = await api<{ insertedId: string }>('POST', '/orders', {
    token: dealer.token,
    body: { productId: product._id, orderQuantity: 3, userAddress: '7 Quay Street, Bristol', userPhone: '0117 555 0199', clientOrderId: randomUUID() },
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.insertedId;

  // Paid through the sandbox as the payment page pays: intent, card, confirmation.
  const intent = await api<{ clientSecret: string }>('POST', '/create-payment-intent', { token: dealer.token, body: { orderId } });
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
  const confirmed = await api<{ paymentIntent: { id: string } }>('POST', '/sandbox/confirm', {
    token: dealer.token,
    body: { clientSecret: intent.body.clientSecret, card },
  });
  expect((await api('PATCH', `/order/${orderId}`, { token: dealer.token, body: { transactionId: confirmed.body.paymentIntent.id } })).status).toBe(200);
  const invoiceNo = (await api<{ invoiceNo: string }>('GET', `/order/${orderId}`, { token: dealer.token })).body.invoiceNo;
  expect(invoiceNo).toMatch(/^\d{4}-\d{5}$/u);

  const mail = await mailTo(dealer.email, /^Payment received for order/u);
  expect(mail.subject).toContain(`invoice ${invoiceNo}`);
  const [attached] = mail.attachments;
  expect(attached?.filename).toBe(`forgeline-invoice-${invoiceNo}.pdf`);

  await signIn(page, dealer);
  await page.goto('/dashboard/my-orders');
  const row = page.getByRole('row', { name: new RegExp(product.name, 'u') });
  await expect(row).toContainText('Paid');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Invoice ${invoiceNo}` }).click()]);
  expect(download.suggestedFilename()).toBe(`forgeline-invoice-${invoiceNo}.pdf`);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.equals(attached?.content ?? Buffer.alloc(0))).toBe(true);
  const text = await pdfText(pdf);
  expect(text).toContain(`Invoice no. ${invoiceNo}`);
  expect(text).toContain('Ines Invoice');
  // A long tool name wraps in its column: any run of spaces may be a line break.
  expect(text).toMatch(new RegExp(`${product.name.split(' ').join('\\s+')}\\s+FL-\\S+\\s+3\\s+\\$349\\s+\\$1,047`, 'u'));
});
