/**
 * The site's own domain (context `domainName`): an ACM certificate for CloudFront, and, when the
 * Route 53 hosted zone is given (`hostedZoneId`), the DNS validation records and the alias
 * records pointing the name at the distribution. Without a zone the deploy waits until the
 * validation CNAME shown in the ACM console is added at the DNS provider, and the name is pointed
 * at the distribution there (docs/operations.md, "Custom domain").
 *
 * CloudFront only takes certificates from us-east-1: a stack with a domain is deployed there
 * (lib/stacks/create-app.ts pins its region), so the certificate lives in this same stack.
 */
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import type { IHostedZone } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';

export interface SiteDomainProps {
  /** The site's host name, e.g. `www.example.com`. */
  readonly domainName: string;
  /** The Route 53 hosted zone that holds the name; unset: DNS is managed elsewhere. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
}

export class SiteDomain extends Construct {
  readonly domainName: string;
  readonly certificate: ICertificate;
  readonly zone?: IHostedZone;

  constructor(scope: Construct, id: string, props: SiteDomainProps) {
    super(scope, id);
    this.domainName = props.domainName;
    if (props.hostedZone) {
      this.zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: props.hostedZone.id,
        zoneName: props.hostedZone.name,
      });
    }
    this.certificate = new Certificate(this, 'Certificate', {
      domainName: props.domainName,
      validation: CertificateValidation.fromDns(this.zone),
    });
  }

  /** The alias records (IPv4 and IPv6) of the name, when the zone is ours. */
  pointAt(distribution: IDistribution): void {
    if (!this.zone) return;
    const target = RecordTarget.fromAlias(new CloudFrontTarget(distribution));
    const record = { zone: this.zone, recordName: this.domainName, target };
    new ARecord(this, 'AliasRecord', record);
    new AaaaRecord(this, 'AliasRecordIpv6', record);
  }
}
