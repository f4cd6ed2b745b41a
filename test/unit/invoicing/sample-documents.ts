// Documents shared by the invoicing tests. The official one reproduces the values of the SIN
// sample facturaComputarizadaCompraVenta.xml listed in CONTRACT.md §9.1; the CUFD text and
// the leyenda are not given there and are illustrative.
import type { CompraVentaDetalle, CompraVentaDocument } from '../../../main/invoicing/xml/compra-venta';

export const OFFICIAL_CUF = '44AAEC00DBD34C53C3E2CCE1A3FA7AF1E2A08606A667A75AC82F24C74';
export const OFFICIAL_CODIGO_CONTROL = '67A75AC82F24C74';

export function officialSample(): CompraVentaDocument {
  return {
    cabecera: {
      nitEmisor: 1003579028,
      razonSocialEmisor: 'Carlos Loza',
      municipio: 'La Paz',
      telefono: '78595684',
      numeroFactura: 1,
      cuf: OFFICIAL_CUF,
      cufd: 'BQUE+QytqQUDBKVUFOSVRBQ1RJVkFEQTVFNjdBNzVBQzgyRjI0Qzc0',
      codigoSucursal: 0,
      direccion: 'AV. JORGE LOPEZ #123',
      codigoPuntoVenta: null,
      fechaEmision: '2021-10-06T16:03:48.675',
      nombreRazonSocial: 'Mi razon social',
      codigoTipoDocumentoIdentidad: 1,
      numeroDocumento: '5115889',
      complemento: null,
      codigoCliente: '51158891',
      codigoMetodoPago: 1,
      numeroTarjeta: null,
      montoTotal: 9900,
      montoTotalSujetoIva: 9900,
      codigoMoneda: 1,
      tipoCambio: 100,
      montoTotalMoneda: 9900,
      montoGiftCard: null,
      descuentoAdicional: 100,
      codigoExcepcion: null,
      cafc: null,
      leyenda: 'Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los servicios que utilices.',
      usuario: 'pperez',
    },
    detalle: [
      {
        actividadEconomica: '451010',
        codigoProductoSin: 49111,
        codigoProducto: 'JN-131231',
        descripcion: 'JUGO DE NARANJA EN VASO',
        cantidad: 100,
        unidadMedida: 1,
        precioUnitario: 10000,
        montoDescuento: 0,
        subTotal: 10000,
        numeroSerie: '124548',
        numeroImei: '545454',
      },
    ],
  };
}

/** A 10-line invoice with accents, XML-special characters and nil fields (bench and signing tests). */
export function tenLineInvoice(numeroFactura = 1, seed = 0): CompraVentaDocument {
  const texts = ['Café "Tostado" & Molido <500g>', 'Niño\'s juguete – edición ñandú', 'Pan\tintegral', 'Línea\r\ncon CRLF', 'Emoji 🥑 aguacate'];
  const detalle: CompraVentaDetalle[] = [];
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const cantidad = 100 + ((i + seed) % 7) * 25;
    const precioUnitario = 1050 + ((i * 37 + seed) % 90) * 111;
    const montoDescuento = (i + seed) % 3 === 0 ? null : ((i + seed) % 5) * 10;
    const gross = Math.round((cantidad * precioUnitario) / 100);
    const subTotal = gross - (montoDescuento ?? 0);
    total += subTotal;
    detalle.push({
      actividadEconomica: '477300',
      codigoProductoSin: 99100 + i,
      codigoProducto: `P-${seed}-${i}`,
      descripcion: texts[(i + seed) % texts.length]!,
      cantidad,
      unidadMedida: 58,
      precioUnitario,
      montoDescuento,
      subTotal,
      numeroSerie: i % 4 === 0 ? `S/N ${seed}<${i}>` : null,
      numeroImei: null,
    });
  }
  const sample = officialSample();
  return {
    cabecera: {
      ...sample.cabecera,
      razonSocialEmisor: 'Distribuidora "El Ñandú" & Cía. S.R.L.',
      numeroFactura,
      codigoPuntoVenta: seed % 2 === 0 ? 1 : null,
      telefono: seed % 3 === 0 ? null : '2-2441234',
      nombreRazonSocial: seed % 4 === 1 ? null : 'Pérez & Asociados <SRL>',
      numeroTarjeta: seed % 2 === 1 ? '4797000000007896' : null,
      codigoMetodoPago: seed % 2 === 1 ? 2 : 1,
      montoTotal: total,
      montoTotalSujetoIva: total,
      montoTotalMoneda: total,
      descuentoAdicional: null,
      codigoExcepcion: seed % 5 === 0 ? 1 : null,
    },
    detalle,
  };
}
