/** @baridesk/api-client: the ky client of the BariDesk API and its typed calls. */
export { api, backgroundCall, configureApi, DEFAULT_BASE_URL, isLoginUrl, onScheduler, schedulerBaseUrl } from './client';
export { ApiRequestError, isAbortError, toApiRequestError } from './errors';
export { deleteJson, getJson, patchJson, postJson, putJson, queryOf, type RequestOptions } from './requests';
export { notifyError, notifySuccess } from './notify';
export { downloadFile, fileNameOf, saveBlob, type DownloadOptions, type DownloadProgress } from './download';
export { uploadFile, type UploadOptions, type UploadProgress } from './upload';
export * from './auth';
