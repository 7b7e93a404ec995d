import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { productUrlAlert } from '../../../shared/domain/products';
import type { Product } from '../../../shared/schemas/products';
import {
  PHOTO_UPLOADING,
  PRICE_INVALID,
  PRICE_TOO_LARGE,
  checkProductForm,
  emptyProductForm,
  formatPriceInput,
  imageFileIdOf,
  parsePrice,
  productFormSchema,
  LOCAL_IMAGE_ID,
  valuesFromProduct,
  type ProductFormValues,
} from './product-form-model';

const FILE_ID = '3f2a9c1e-8b4d-4e6f-9a1b-2c3d4e5f6a7b';
const uploaded = {
  id: FILE_ID,
  url: `/api/files/${FILE_ID}`,
  originalName: 'faucet.jpg',
  contentType: 'image/jpeg',
  size: 1234,
};

const filled = (change: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(),
  productName: 'Brushed brass faucet',
  productURL: 'https://shop.example.com/faucet',
  photoURL: 'https://shop.example.com/faucet.jpg',
  ...change,
});

const messageOf = (values: ProductFormValues, uploading = false) => {
  const result = checkProductForm(values, { uploading });
  return result.ok ? null : (result.problems[0]?.message ?? null);
};

describe('price text → cents', () => {
  it.each([
    ['1,299.99', 129999],
    ['12', 1200],
    ['0.5', 50],
    ['.5', 50],
    ['12.', 1200],
    ['1,000,000', 100000000],
    [' 19.90 ', 1990],
    ['0.07', 7],
  ])('%s is %i cents', (text, cents) => {
    expect(parsePrice(text)).toEqual({ ok: true, cents });
  });

  it('treats a blank price as no price', () => {
    expect(parsePrice('')).toEqual({ ok: true, cents: null });
    expect(parsePrice('   ')).toEqual({ ok: true, cents: null });
  });

  it.each(['1.999', '1,29', '12,34.5', '-5', '$12', '1 299', 'abc', '.', '1e3', '0x10'])(
    'refuses %s',
    (text) => {
      expect(parsePrice(text)).toEqual({ ok: false, message: PRICE_INVALID });
    },
  );

  it('refuses a price too long to hold exactly', () => {
    expect(parsePrice('1234567890123')).toEqual({ ok: false, message: PRICE_TOO_LARGE });
  });

  it('reads back exactly what it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parsePrice(formatPriceInput(cents))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('cents → price text', () => {
  it('groups thousands and always shows cents', () => {
    expect(formatPriceInput(129999)).toBe('1,299.99');
    expect(formatPriceInput(1200)).toBe('12.00');
    expect(formatPriceInput(5)).toBe('0.05');
    expect(formatPriceInput(null)).toBe('');
  });
});

describe('the manual product form', () => {
  it("starts in the proposal's currency, or dollars outside a proposal", () => {
    expect(emptyProductForm().currency).toBe('USD');
    expect(emptyProductForm('https://shop.example/x', 'EUR')).toMatchObject({
      currency: 'EUR',
      productURL: 'https://shop.example/x',
    });
  });

  it('asks for the product name first', () => {
    expect(messageOf(emptyProductForm())).toBe('Please enter product name');
    expect(messageOf(filled({ productName: '   ' }))).toBe('Please enter product name');
  });

  it('asks for a valid product URL', () => {
    for (const productURL of ['', 'www.example.com', 'javascript:alert(1)', 'ftp://x.example/a'])
      expect(messageOf(filled({ productURL }))).toBe(
        'Please enter valid Product URL. E.g. https://www.example.com/',
      );
  });

  it('asks for an image when there is neither an upload nor a photo URL', () => {
    expect(messageOf(filled({ photoURL: '' }))).toBe('Please enter image');
    expect(messageOf(filled({ photoURL: '  ' }))).toBe('Please enter image');
  });

  it('asks for a valid photo URL', () => {
    expect(messageOf(filled({ photoURL: 'data:image/png;base64,AAAA' }))).toBe(
      'Please enter valid Photo URL. E.g. https://www.example.com/',
    );
  });

  it('waits for a photo still uploading instead of asking for an image', () => {
    expect(messageOf(filled({ photoURL: '' }), true)).toBe(PHOTO_UPLOADING);
  });

  it('points at the field that needs attention', () => {
    const result = checkProductForm(filled({ price: '1.999' }));
    expect(result).toEqual({ ok: false, problems: [{ field: 'price', message: PRICE_INVALID }] });
  });

  it('reports every problem at once, one per field in field order', () => {
    const result = checkProductForm({
      ...emptyProductForm(),
      productURL: 'shop.example.com',
      price: 'abc',
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'productName', message: 'Please enter product name' },
        { field: 'productURL', message: productUrlAlert() },
        { field: 'image', message: 'Please enter image' },
        { field: 'price', message: PRICE_INVALID },
      ],
    });
  });

  it('names a bad photo URL beside the photo URL and keeps the other problems', () => {
    const result = checkProductForm(filled({ productName: '', photoURL: 'ftp://x/y.jpg' }));
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual([
      'productName',
      'photoURL',
    ]);
  });

  it('has no problem left once each field is fixed', () => {
    const broken = { ...emptyProductForm(), price: 'abc' };
    const fixed = { ...broken, productName: 'Faucet', productURL: 'https://s.example.com/f' };
    const left = checkProductForm(fixed);
    expect(left.ok ? [] : left.problems.map((p) => p.field)).toEqual(['image', 'price']);
    expect(
      checkProductForm({ ...fixed, photoURL: 'https://s.example.com/f.jpg', price: '' }).ok,
    ).toBe(true);
  });

  it('sends a trimmed payload with the price in cents and Unknown currency as null', () => {
    const result = checkProductForm(
      filled({ productName: '  Faucet ', price: '1,299.99', currency: '' }),
    );
    expect(result).toEqual({
      ok: true,
      data: {
        productName: 'Faucet',
        productURL: 'https://shop.example.com/faucet',
        photoURL: 'https://shop.example.com/faucet.jpg',
        imageFileId: null,
        priceCents: 129999,
        currency: null,
      },
    });
  });

  it('sends an uploaded image instead of a photo URL', () => {
    const result = checkProductForm(filled({ image: uploaded, currency: 'GBP', price: '' }));
    expect(result).toMatchObject({
      ok: true,
      data: { photoURL: '', imageFileId: FILE_ID, priceCents: null, currency: 'GBP' },
    });
  });

  it('lets the shared schema refuse what it refuses', () => {
    const result = checkProductForm(filled({ productName: 'x'.repeat(301) }));
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'productName', message: 'The product name is too long.' }],
    });
  });
});

describe('editing a product', () => {
  const product: Product = {
    _id: 'p1',
    title: 'Oak vanity',
    url: 'https://shop.example.com/vanity',
    image: `/api/files/${FILE_ID}`,
    priceCents: 129999,
    currency: 'EUR',
    hostname: 'shop.example.com',
    manual: true,
    canEdit: true,
  };

  it('starts from the product and keeps its stored image', () => {
    const values = valuesFromProduct(product);
    expect(values).toMatchObject({
      productName: 'Oak vanity',
      productURL: 'https://shop.example.com/vanity',
      price: '1,299.99',
      currency: 'EUR',
      photoURL: '',
    });
    expect(checkProductForm(values)).toMatchObject({
      ok: true,
      data: { imageFileId: FILE_ID, photoURL: '', priceCents: 129999, currency: 'EUR' },
    });
  });

  it('asks for an image when the current one is not a stored file', () => {
    const values = valuesFromProduct({ ...product, image: '/catalogue/oak.png', currency: null });
    expect(values.image).toBeNull();
    expect(values.currency).toBe('');
    expect(messageOf(values)).toBe('Please enter image');
  });

  it('keeps the photo of a product kept in the page, which the schema accepts', () => {
    const local = { ...product, _id: 'local-1', image: 'blob:http://127.0.0.1/4f1c' };
    const values = valuesFromProduct(local);
    expect(values.image).toMatchObject({ id: LOCAL_IMAGE_ID, url: local.image });
    expect(checkProductForm(values)).toMatchObject({
      ok: true,
      data: { imageFileId: LOCAL_IMAGE_ID, photoURL: '' },
    });
  });

  it('reads the file id only from a stored file path', () => {
    expect(imageFileIdOf(`/api/files/${FILE_ID}`)).toBe(FILE_ID);
    expect(imageFileIdOf(`/api/files/${FILE_ID}/x`)).toBeNull();
    expect(imageFileIdOf('https://cdn.example.com/a.jpg')).toBeNull();
  });
});

describe('the product form schema (react-hook-form resolver)', () => {
  it('puts every problem at once on its field, in the order of the fields', () => {
    const result = productFormSchema().safeParse({ ...emptyProductForm(), price: 'abc' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['productName', 'Please enter product name'],
      ['productURL', 'Please enter valid Product URL. E.g. https://www.example.com/'],
      ['image', 'Please enter image'],
      ['price', PRICE_INVALID],
    ]);
  });

  it('asks at each check whether a photo is still uploading', () => {
    let uploading = true;
    const schema = productFormSchema(() => uploading);
    expect(schema.safeParse(filled({ photoURL: '' })).error?.issues[0]?.message).toBe(
      PHOTO_UPLOADING,
    );
    uploading = false;
    expect(schema.safeParse(filled({ photoURL: '' })).error?.issues[0]?.message).toBe(
      'Please enter image',
    );
  });

  it('gives the payload of a valid form', () => {
    const values = filled({ price: '1,299.99' });
    const check = checkProductForm(values);
    expect(productFormSchema().parse(values)).toEqual(check.ok ? check.data : null);
  });
});
