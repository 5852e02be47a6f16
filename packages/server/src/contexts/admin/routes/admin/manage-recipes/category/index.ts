import { recipeCategoryResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../../platform/resource-kit';

/** Recipe categories (manage_recipe): GET all is the recipe form's choices; a category a recipe is filed under is not deleted (409). */
export default resourceRoutes(recipeCategoryResource, {
  repository: (fastify) => fastify.recipes.categories,
  tags: ['Admin: Recipes'],
  inUseNoun: 'recipes',
});
