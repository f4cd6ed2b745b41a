// The outer WSDL of each service (`GET …/<Service>?wsdl`), generated from the operation table
// in the shape of SIAT's own (CONTRACT §1.2; /work/shared/siat/wsdl/*.wsdl): document/literal
// SOAP 1.1 binding, soapAction "" and soap:address pointing at this simulator. The abstract
// WSDL it imports is not served (SIAT's `?wsdl=<PortType>.wsdl` is not available to us).
// Runs in: SIAT simulator only.

import { SIAT_NAMESPACE, type ServiceSpec } from '../siat/operations';

export function outerWsdl(spec: ServiceSpec, endpoint: string): string {
  const tns = `${SIAT_NAMESPACE}${spec.path}`;
  const portType = spec.wsdlName === 'ServicioRecepcionCompras' ? 'ServicioFacturacion' : spec.wsdlName;
  const ops = Object.keys(spec.operations)
    .map(
      (op) =>
        `<wsdl:operation name="${op}">\n<soap:operation soapAction="" style="document"/>\n` +
        `<wsdl:input name="${op}">\n<soap:body use="literal"/>\n</wsdl:input>\n` +
        `<wsdl:output name="${op}Response">\n<soap:body use="literal"/>\n</wsdl:output>\n</wsdl:operation>`,
    )
    .join('\n');
  return (
    `<wsdl:definitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" ` +
    `xmlns:tns="${tns}" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:ns2="http://schemas.xmlsoap.org/soap/http" ` +
    `xmlns:ns1="${SIAT_NAMESPACE}" name="${spec.wsdlName}" targetNamespace="${tns}">\n` +
    `<wsdl:import location="${endpoint}?wsdl=${portType}.wsdl" namespace="${SIAT_NAMESPACE}"> </wsdl:import>\n` +
    `<wsdl:binding name="${spec.wsdlName}SoapBinding" type="ns1:${portType}">\n` +
    `<soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>\n${ops}\n</wsdl:binding>\n` +
    `<wsdl:service name="${spec.wsdlName}">\n<wsdl:port binding="tns:${spec.wsdlName}SoapBinding" name="${spec.wsdlName}Port">\n` +
    `<soap:address location="${endpoint}"/>\n</wsdl:port>\n</wsdl:service>\n</wsdl:definitions>\n`
  );
}
