/**
 * LimitRange, all of it: the kind's defaults and validation (kind.ts), the LimitRanger
 * admission plugin that defaults and bounds Pods' resources (admission.ts) and the
 * `get limits` table (table.ts). It has no controller.
 */
import './kind.ts';
import './admission.ts';
import './table.ts';
