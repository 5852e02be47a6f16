import { startManifestRequest } from './federation/manifest-request';

// The remote list downloads alongside the shared libraries that bootstrap needs (federation loads those
// before it runs), instead of after them.
startManifestRequest();
import('./bootstrap');
