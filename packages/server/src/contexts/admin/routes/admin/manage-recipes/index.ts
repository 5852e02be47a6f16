import { recipeResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** Recipes: super admins with manage_recipe (id 48 always). Global; store and update take JSON or form data with the picture as a file. */
export default resourceRoutes(recipeResource, {
  repository: (fastify) => fastify.recipes.recipes,
  tags: ['Admin: Recipes'],
  audit: {
    // The categories are an array: the kit's changed-field check compares values, so name the change here.
    update: (before, after) => ({
      name: after.name,
      changed: (Object.keys(after) as (keyof typeof after)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]) && !['updated_at', 'category_names', 'user_name'].includes(key)),
    }),
  },
});
