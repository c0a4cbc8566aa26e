/** Every entity lives in the one table, under one ElectroDB service name. */
import { config } from '../config';
import { documentClient } from './client';

export const SERVICE = 'marketplace';

export const entityConfig = () => ({ client: documentClient, table: config().TABLE_NAME });
