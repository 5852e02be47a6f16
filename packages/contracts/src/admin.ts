import * as v from 'valibot';
import { permissionSchema } from './auth';
import { envelope } from './common';

export const permissionsResponse = envelope(v.array(permissionSchema));
