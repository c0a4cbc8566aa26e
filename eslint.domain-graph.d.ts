// Types of eslint.domain-graph.js for the tests that import it.
import type { ESLint, Rule } from 'eslint';

/** from → to → the imports that draw the arrow (`file → specifier`). */
export type DomainGraph = Map<string, Map<string, string[]>>;

export function domainOf(root: string, file: string): string | null;
export function crossDomainImports(
  root: string,
  file: string,
  specifiers: readonly string[],
): { to: string; specifier: string }[];
export function readSpecifiers(root: string): Map<string, string[]>;
export function graphOf(root: string, specifiersByFile: Map<string, string[]>): DomainGraph;
export function buildDomainGraph(root: string): DomainGraph;
export function pathBetween(graph: DomainGraph, start: string, goal: string): string[] | null;
export function domainCycles(graph: DomainGraph): { domains: string[]; cycle: string }[];
export function mermaidArrows(graph: DomainGraph): string[];
export const CYCLE_MESSAGE: string;
export const noDomainCycle: Rule.RuleModule;
export const domainsPlugin: ESLint.Plugin;

/** A layer of domains: its steps, bottom first (docs/architecture.md, "Domains"). */
export interface DomainLayer {
  layer: string;
  steps: string[][];
}
export const domainLayers: DomainLayer[];
export function stepOfDomain(layers?: readonly DomainLayer[]): Map<string, number>;
export function layerViolations(graph: DomainGraph, layers?: readonly DomainLayer[]): string[];
