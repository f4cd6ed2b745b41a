import type { BranchOffice } from '../../../shared/api-types';

export const MAIN: BranchOffice = {
  branchId: 1,
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
  siatCode: 1,
  name: 'Sucursal El Alto',
  municipality: 'El Alto',
  address: 'Av. Juan Pablo II 123',
  city: 'El Alto',
  phone: '',
  description: 'Ceja',
  pos: [{ id: 'pos-7', code: 1, name: 'Caja El Alto' }],
};
