export const MANAGE_USERS_PATH = '/admin/manage-users';
export const manageUserPaths = {
  list: MANAGE_USERS_PATH,
  show: (id: number) => `${MANAGE_USERS_PATH}/show/${id}`,
  edit: (id: number) => `${MANAGE_USERS_PATH}/edit/${id}`,
};
