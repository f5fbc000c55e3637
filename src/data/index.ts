// Static reference data, validated against its schema when the module loads:
// a broken data file stops the start instead of serving a wrong answer.
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import worldCountries from 'world-countries';
import usersJson from './users.json' with { type: 'json' };
import productsJson from './products.json' with { type: 'json' };

export const User = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 10 }),
    name: Type.String(),
    email: Type.String(),
    role: Type.Union([Type.Literal('Admin'), Type.Literal('Manager'), Type.Literal('User')]),
    city: Type.String(),
    joined: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  },
  { examples: [usersJson[0]] },
);
export type User = Static<typeof User>;

export const Product = Type.Object(
  {
    sku: Type.String(),
    name: Type.String(),
    price: Type.Number({ minimum: 0, description: 'Price in INR' }),
    category: Type.String(),
    stock: Type.Integer({ minimum: 0 }),
  },
  { examples: [productsJson[0]] },
);
export type Product = Static<typeof Product>;

export const REGIONS = ['Asia', 'Europe', 'Africa', 'Americas', 'Oceania'] as const;

export const Country = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Z]{2}$' }),
    name: Type.String(),
    region: Type.Union([
      Type.Literal('Asia'),
      Type.Literal('Europe'),
      Type.Literal('Africa'),
      Type.Literal('Americas'),
      Type.Literal('Oceania'),
    ]),
  },
  { examples: [{ code: 'IN', name: 'India', region: 'Asia' }] },
);
export type Country = Static<typeof Country>;

function validated<T>(name: string, schema: TSchema, items: unknown[]): T[] {
  items.forEach((item, i) => {
    if (!Value.Check(schema, item)) throw new Error(`Reference data ${name}[${i}] does not match its schema`);
  });
  return items as T[];
}

export const USERS: readonly User[] = validated<User>('users', User, usersJson);
if (USERS.length !== 10 || USERS.some((u, i) => u.id !== i + 1))
  throw new Error('Reference data users must hold ids 1 to 10');

export const PRODUCTS: readonly Product[] = validated<Product>('products', Product, productsJson);
if (new Set(PRODUCTS.map((p) => p.sku)).size !== PRODUCTS.length)
  throw new Error('Reference data products has duplicate SKUs');

/**
 * ISO 3166-1 from world-countries, in the five regions of the interface.
 * Territories without one (Antarctica and the southern islands) are left out,
 * and so is Kosovo's user-assigned XK, which is not in ISO 3166-1.
 */
export const COUNTRIES: readonly Country[] = validated<Country>(
  'countries',
  Country,
  (worldCountries as unknown as { cca2: string; region: string; name: { common: string } }[])
    .filter((c) => (REGIONS as readonly string[]).includes(c.region) && c.cca2 !== 'XK')
    .map((c) => ({ code: c.cca2, name: c.name.common, region: c.region }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en')),
);
