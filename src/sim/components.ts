/**
 * The list of components every cluster runs, in start order. Each module registers its
 * admission hooks, presets or controllers when imported; this file is the one place that
 * decides which exist.
 */
import type { Component } from './cluster.ts';

export const COMPONENTS: Component[] = [];
