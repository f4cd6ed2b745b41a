import type { BranchOffice } from '../../../shared/api-types';

export const MAIN: BranchOffice = {
  branchId: 1,
  branchUuid: '4f3c8a2e-1b7d-5e90-8c4a-2d6f1e0b9a31',
  siatCode: 0,
  name: 'CASA MATRIZ',
  municipality: 'La Paz',
  address: 'AV. 16 DE JULIO N° 1490',
  city: 'La Paz',
  phone: '22123456',
  description: '',
  pos: [{ id: 'pos-0', code: 0, name: 'Caja principal' }],
};

export const EL_ALTO: BranchOffice = {
  branchId: 2,
  branchUuid: '9a1e5c70-3d2b-5f48-9e6c-7b0a4d2f1c85',
  siatCode: 1,
  name: 'Sucursal El Alto',
  municipality: 'El Alto',
  address: 'Av. Juan Pablo II 123',
  city: 'El Alto',
  phone: '',
  description: 'Ceja',
  pos: [{ id: 'pos-7', code: 1, name: 'Caja El Alto' }],
};
