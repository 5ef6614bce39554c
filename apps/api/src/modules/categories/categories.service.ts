import type { Category } from '@bulkwise/contracts';
import type { CategoryRow } from '../../db/schema';
import { notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { CategoriesRepository } from './categories.repository';

function toCategory(row: { category: CategoryRow; productCount: number | null }): Category {
  const { id, position: _, ...category } = row.category;
  return { _id: id, ...category, productCount: Number(row.productCount ?? 0) };
}

export function createCategoriesService(deps: { repository: CategoriesRepository }) {
  return {
    async list(): Promise<Category[]> {
      return (await deps.repository.list()).map(toCategory);
    },
    async get(id: string): Promise<Category> {
      const row = isUuid(id) ? await deps.repository.findById(id) : undefined;
      if (!row) throw notFound('Category');
      return toCategory(row);
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
