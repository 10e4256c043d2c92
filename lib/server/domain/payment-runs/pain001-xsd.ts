import "server-only";

/**
 * The XML Schema Harbour checks an uploaded pain.001 against before mapping
 * it (docs/payment-runs.md). Written by the project from the ISO 20022 message
 * definition of pain.001.001.09 (CustomerCreditTransferInitiationV09), since no
 * package ships the schema: the same element names, order, cardinalities and
 * data types as the definition, reduced to the elements the bank acts on. An
 * optional element of the message outside it (a structured remittance, tax,
 * regulatory reporting, an ultimate party's identification...) is refused by
 * name rather than silently ignored: the bank would not honour it.
 */
export const PAIN_001_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"
  targetNamespace="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09" elementFormDefault="qualified">
  <xs:element name="Document" type="Document"/>
  <xs:complexType name="Document"><xs:sequence><xs:element name="CstmrCdtTrfInitn" type="CustomerCreditTransferInitiationV09"/></xs:sequence></xs:complexType>
  <xs:complexType name="CustomerCreditTransferInitiationV09"><xs:sequence>
    <xs:element name="GrpHdr" type="GroupHeader85"/>
    <xs:element name="PmtInf" type="PaymentInstruction30" maxOccurs="unbounded"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="GroupHeader85"><xs:sequence>
    <xs:element name="MsgId" type="Max35Text"/>
    <xs:element name="CreDtTm" type="ISODateTime"/>
    <xs:element name="NbOfTxs" type="Max15NumericText"/>
    <xs:element name="CtrlSum" type="DecimalNumber" minOccurs="0"/>
    <xs:element name="InitgPty" type="PartyIdentification135"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="PaymentInstruction30"><xs:sequence>
    <xs:element name="PmtInfId" type="Max35Text"/>
    <xs:element name="PmtMtd" type="PaymentMethod3Code"/>
    <xs:element name="BtchBookg" type="xs:boolean" minOccurs="0"/>
    <xs:element name="NbOfTxs" type="Max15NumericText" minOccurs="0"/>
    <xs:element name="CtrlSum" type="DecimalNumber" minOccurs="0"/>
    <xs:element name="PmtTpInf" type="PaymentTypeInformation26" minOccurs="0"/>
    <xs:element name="ReqdExctnDt" type="DateAndDateTime2Choice"/>
    <xs:element name="Dbtr" type="PartyIdentification135"/>
    <xs:element name="DbtrAcct" type="CashAccount38"/>
    <xs:element name="DbtrAgt" type="BranchAndFinancialInstitutionIdentification6"/>
    <xs:element name="UltmtDbtr" type="PartyIdentification135" minOccurs="0"/>
    <xs:element name="ChrgBr" type="ChargeBearerType1Code" minOccurs="0"/>
    <xs:element name="CdtTrfTxInf" type="CreditTransferTransaction34" maxOccurs="unbounded"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="PaymentTypeInformation26"><xs:sequence>
    <xs:element name="InstrPrty" type="Priority2Code" minOccurs="0"/>
    <xs:element name="SvcLvl" type="CodeOrProprietary" minOccurs="0" maxOccurs="unbounded"/>
    <xs:element name="LclInstrm" type="CodeOrProprietary" minOccurs="0"/>
    <xs:element name="CtgyPurp" type="CodeOrProprietary" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="CodeOrProprietary"><xs:choice>
    <xs:element name="Cd" type="Max35Text"/>
    <xs:element name="Prtry" type="Max35Text"/>
  </xs:choice></xs:complexType>
  <xs:complexType name="DateAndDateTime2Choice"><xs:choice>
    <xs:element name="Dt" type="ISODate"/>
    <xs:element name="DtTm" type="ISODateTime"/>
  </xs:choice></xs:complexType>
  <xs:complexType name="CreditTransferTransaction34"><xs:sequence>
    <xs:element name="PmtId" type="PaymentIdentification6"/>
    <xs:element name="PmtTpInf" type="PaymentTypeInformation26" minOccurs="0"/>
    <xs:element name="Amt" type="AmountType4Choice"/>
    <xs:element name="ChrgBr" type="ChargeBearerType1Code" minOccurs="0"/>
    <xs:element name="UltmtDbtr" type="PartyIdentification135" minOccurs="0"/>
    <xs:element name="IntrmyAgt1" type="BranchAndFinancialInstitutionIdentification6" minOccurs="0"/>
    <xs:element name="CdtrAgt" type="BranchAndFinancialInstitutionIdentification6" minOccurs="0"/>
    <xs:element name="Cdtr" type="PartyIdentification135" minOccurs="0"/>
    <xs:element name="CdtrAcct" type="CashAccount38" minOccurs="0"/>
    <xs:element name="UltmtCdtr" type="PartyIdentification135" minOccurs="0"/>
    <xs:element name="Purp" type="CodeOrProprietary" minOccurs="0"/>
    <xs:element name="RmtInf" type="RemittanceInformation16" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="PaymentIdentification6"><xs:sequence>
    <xs:element name="InstrId" type="Max35Text" minOccurs="0"/>
    <xs:element name="EndToEndId" type="Max35Text"/>
    <xs:element name="UETR" type="UUIDv4Identifier" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="AmountType4Choice"><xs:choice>
    <xs:element name="InstdAmt" type="ActiveOrHistoricCurrencyAndAmount"/>
    <xs:element name="EqvtAmt" type="EquivalentAmount2"/>
  </xs:choice></xs:complexType>
  <xs:complexType name="EquivalentAmount2"><xs:sequence>
    <xs:element name="Amt" type="ActiveOrHistoricCurrencyAndAmount"/>
    <xs:element name="CcyOfTrf" type="ActiveOrHistoricCurrencyCode"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="ActiveOrHistoricCurrencyAndAmount"><xs:simpleContent>
    <xs:extension base="ActiveOrHistoricCurrencyAndAmount_SimpleType"><xs:attribute name="Ccy" type="ActiveOrHistoricCurrencyCode" use="required"/></xs:extension>
  </xs:simpleContent></xs:complexType>
  <xs:complexType name="PartyIdentification135"><xs:sequence>
    <xs:element name="Nm" type="Max140Text" minOccurs="0"/>
    <xs:element name="PstlAdr" type="PostalAddress24" minOccurs="0"/>
    <xs:element name="CtryOfRes" type="CountryCode" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="PostalAddress24"><xs:sequence>
    <xs:element name="Dept" type="Max70Text" minOccurs="0"/>
    <xs:element name="SubDept" type="Max70Text" minOccurs="0"/>
    <xs:element name="StrtNm" type="Max70Text" minOccurs="0"/>
    <xs:element name="BldgNb" type="Max16Text" minOccurs="0"/>
    <xs:element name="BldgNm" type="Max35Text" minOccurs="0"/>
    <xs:element name="Flr" type="Max70Text" minOccurs="0"/>
    <xs:element name="PstBx" type="Max16Text" minOccurs="0"/>
    <xs:element name="Room" type="Max70Text" minOccurs="0"/>
    <xs:element name="PstCd" type="Max16Text" minOccurs="0"/>
    <xs:element name="TwnNm" type="Max35Text" minOccurs="0"/>
    <xs:element name="TwnLctnNm" type="Max35Text" minOccurs="0"/>
    <xs:element name="DstrctNm" type="Max35Text" minOccurs="0"/>
    <xs:element name="CtrySubDvsn" type="Max35Text" minOccurs="0"/>
    <xs:element name="Ctry" type="CountryCode" minOccurs="0"/>
    <xs:element name="AdrLine" type="Max70Text" minOccurs="0" maxOccurs="7"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="CashAccount38"><xs:sequence>
    <xs:element name="Id" type="AccountIdentification4Choice"/>
    <xs:element name="Ccy" type="ActiveOrHistoricCurrencyCode" minOccurs="0"/>
    <xs:element name="Nm" type="Max70Text" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="AccountIdentification4Choice"><xs:choice>
    <xs:element name="IBAN" type="IBAN2007Identifier"/>
    <xs:element name="Othr" type="GenericAccountIdentification1"/>
  </xs:choice></xs:complexType>
  <xs:complexType name="GenericAccountIdentification1"><xs:sequence>
    <xs:element name="Id" type="Max34Text"/>
    <xs:element name="SchmeNm" type="CodeOrProprietary" minOccurs="0"/>
    <xs:element name="Issr" type="Max35Text" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="BranchAndFinancialInstitutionIdentification6"><xs:sequence>
    <xs:element name="FinInstnId" type="FinancialInstitutionIdentification18"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="FinancialInstitutionIdentification18"><xs:sequence>
    <xs:element name="BICFI" type="BICFIDec2014Identifier" minOccurs="0"/>
    <xs:element name="ClrSysMmbId" type="ClearingSystemMemberIdentification2" minOccurs="0"/>
    <xs:element name="LEI" type="LEIIdentifier" minOccurs="0"/>
    <xs:element name="Nm" type="Max140Text" minOccurs="0"/>
    <xs:element name="PstlAdr" type="PostalAddress24" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="ClearingSystemMemberIdentification2"><xs:sequence>
    <xs:element name="ClrSysId" type="CodeOrProprietary" minOccurs="0"/>
    <xs:element name="MmbId" type="Max35Text"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="RemittanceInformation16"><xs:sequence>
    <xs:element name="Ustrd" type="Max140Text" minOccurs="0" maxOccurs="unbounded"/>
  </xs:sequence></xs:complexType>
  <xs:simpleType name="PaymentMethod3Code"><xs:restriction base="xs:string"><xs:enumeration value="TRF"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Priority2Code"><xs:restriction base="xs:string"><xs:enumeration value="HIGH"/><xs:enumeration value="NORM"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="ChargeBearerType1Code"><xs:restriction base="xs:string">
    <xs:enumeration value="DEBT"/><xs:enumeration value="CRED"/><xs:enumeration value="SHAR"/><xs:enumeration value="SLEV"/>
  </xs:restriction></xs:simpleType>
  <xs:simpleType name="ActiveOrHistoricCurrencyAndAmount_SimpleType"><xs:restriction base="xs:decimal">
    <xs:fractionDigits value="5"/><xs:totalDigits value="18"/><xs:minInclusive value="0"/>
  </xs:restriction></xs:simpleType>
  <xs:simpleType name="DecimalNumber"><xs:restriction base="xs:decimal"><xs:fractionDigits value="17"/><xs:totalDigits value="18"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="ActiveOrHistoricCurrencyCode"><xs:restriction base="xs:string"><xs:pattern value="[A-Z]{3,3}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="CountryCode"><xs:restriction base="xs:string"><xs:pattern value="[A-Z]{2,2}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="BICFIDec2014Identifier"><xs:restriction base="xs:string"><xs:pattern value="[A-Z0-9]{4,4}[A-Z]{2,2}[A-Z0-9]{2,2}([A-Z0-9]{3,3}){0,1}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="IBAN2007Identifier"><xs:restriction base="xs:string"><xs:pattern value="[A-Z]{2,2}[0-9]{2,2}[a-zA-Z0-9]{1,30}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="LEIIdentifier"><xs:restriction base="xs:string"><xs:pattern value="[A-Z0-9]{18,18}[0-9]{2,2}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="UUIDv4Identifier"><xs:restriction base="xs:string"><xs:pattern value="[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Max15NumericText"><xs:restriction base="xs:string"><xs:pattern value="[0-9]{1,15}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="ISODate"><xs:restriction base="xs:date"/></xs:simpleType>
  <xs:simpleType name="ISODateTime"><xs:restriction base="xs:dateTime"/></xs:simpleType>
  <xs:simpleType name="Max16Text"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="16"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Max34Text"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="34"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Max35Text"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="35"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Max70Text"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="70"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Max140Text"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="140"/></xs:restriction></xs:simpleType>
</xs:schema>`;
