import * as v from 'valibot';
import { CONTENT_LISTS } from './content-menus';
import { CONTENT_IMAGE_RULES, CONTENT_LIST_RESOURCES, CONTENT_OWN_CATEGORY_RESOURCES } from './content-library';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : v.flatten(result.issues).nested;
};

describe('CONTENT_LIST_RESOURCES', () => {
  it('has one resource per list type of the registry, at /api/content/<key>, with the type’s fields', () => {
    expect(Object.keys(CONTENT_LIST_RESOURCES)).toEqual(CONTENT_LISTS.map((type) => type.key));
    for (const type of CONTENT_LISTS) {
      const resource = CONTENT_LIST_RESOURCES[type.key];
      expect(resource.paths.base).toBe(`/api/content/${type.key}`);
      expect(resource.contentType).toBe(type);
      const own = Object.keys(resource.fields).filter((name) => name !== 'weight_loss_type');
      expect(own.sort()).toEqual(Object.keys(type.fields).sort());
      expect(resource.categoryFields.map((c) => c.field)).toEqual(['category_id', 'sub_category_id'].slice(0, type.categories));
    }
  });

  it('uses the spec’s verbs: destroy, all, by-category-id; member portals delete with DELETE ?id=', () => {
    const support = CONTENT_LIST_RESOURCES['support-service'].endpoints;
    expect(support.delete).toMatchObject({ method: 'POST', url: '/api/content/support-service/destroy', idIn: 'body' });
    expect(support.options).toMatchObject({ method: 'GET', url: '/api/content/support-service/all' });
    expect(support.byCategory).toMatchObject({ method: 'GET', url: '/api/content/support-service/by-category-id' });
    expect(support.updateIndexes).toMatchObject({ method: 'POST', url: '/api/content/support-service/update-indexes' });
    expect(CONTENT_LIST_RESOURCES['member-portals'].endpoints.delete).toMatchObject({ method: 'DELETE', url: '/api/content/member-portals', idIn: 'query' });
    expect(CONTENT_LIST_RESOURCES.doctors.endpoints.byCategory).toBeUndefined();
  });

  it('checks each field by the registry: required ones, the URL rule, minutes, e-mail', () => {
    const { storeBody } = CONTENT_LIST_RESOURCES.videos.schemas;
    const missing = errorsOf(storeBody, {});
    expect(Object.keys(missing!)).toEqual(['title', 'video_url']);
    expect([missing!.title![0], missing!.video_url![0]]).toEqual(['Title is required.', 'Video URL is required.']);
    expect(errorsOf(storeBody, { title: 'Walk', video_url: 'youtube.com/x', duration_minutes: '601' })).toEqual({
      video_url: ['Please enter valid video URL.'],
      duration_minutes: ['Length (minutes) must be a whole number from 1 to 600.'],
    });
    expect(v.parse(storeBody, { title: ' Walk ', video_url: 'https://video.example.com/walk', duration_minutes: '12' })).toMatchObject({
      title: 'Walk',
      duration_minutes: 12,
      status: 1,
    });
    const contacts = CONTENT_LIST_RESOURCES.contacts.schemas.storeBody;
    expect(errorsOf(contacts, { title: 'Desk', email: 'nope', link: 'ftp://files', phone: '12' })).toEqual({
      email: ['The email field must have a valid email address.'],
      link: ['Please enter valid website.'],
      phone: ['Please enter valid phone.'],
    });
    expect(v.parse(contacts, { title: 'Desk', weight_loss_type: '2' })).toMatchObject({ weight_loss_type: 2 });
    expect(v.parse(contacts, { title: 'Desk', weight_loss_type: '' })).toMatchObject({ weight_loss_type: null });
    expect(errorsOf(contacts, { title: 'Desk', weight_loss_type: 3 })).toEqual({ weight_loss_type: ['Please enter valid weight loss type.'] });
  });

  it('asks square photos and logos, wide other images', () => {
    expect(CONTENT_LIST_RESOURCES.doctors.fields.image!.image).toEqual(CONTENT_IMAGE_RULES.square);
    expect(CONTENT_LIST_RESOURCES['member-portals'].fields.image!.image).toEqual(CONTENT_IMAGE_RULES.square);
    expect(CONTENT_LIST_RESOURCES.videos.fields.image!.image).toEqual(CONTENT_IMAGE_RULES.wide);
  });
});

describe('CONTENT_OWN_CATEGORY_RESOURCES', () => {
  it('puts the support service’s and group’s categories at the registry’s paths', () => {
    expect(Object.keys(CONTENT_OWN_CATEGORY_RESOURCES)).toEqual(['support-service', 'support-group']);
    const { category, subCategory } = CONTENT_OWN_CATEGORY_RESOURCES['support-group'];
    expect(category.endpoints.delete).toMatchObject({ method: 'POST', url: '/api/content/support-group-category/destroy' });
    expect(subCategory.endpoints.byCategory).toMatchObject({ url: '/api/content/support-group-sub-category/by-category-id' });
    expect(errorsOf(subCategory.schemas.storeBody, { name: 'Evening' })).toEqual({ category_id: ['Category is required.'] });
  });
});
