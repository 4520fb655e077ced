// Brands, categories and static images as the contract (schema.d.ts) types them, with the
// closed sets of words the screens switch over narrowed (docs/http-api.md, 000 §3). Products
// are in lib/product.ts.

import type { components } from './schema';

type Schemas = components['schemas'];

/** Gender of products, brands and categories as the API writes it. */
export type Gender = 'male' | 'female' | 'unisex';

/** A gender query value: `all` means no filter (the API accepts any letter case). */
export type GenderFilter = Gender | 'all';

/** A brand with its `gender` narrowed to the words the server writes. */
export type Brand = Omit<Schemas['Brand'], 'gender'> & { gender: Gender };

/** A category with its `gender` narrowed; `image` is '' when it has none. */
export type Category = Omit<Schemas['Category'], 'gender'> & { gender: Gender };

export type StaticImageCategory = Schemas['BannerCategory'];

/** `all` suits both devices. */
export type StaticImageDevice = Schemas['BannerDevice'];

export type StaticImage = Schemas['StaticImage'];
