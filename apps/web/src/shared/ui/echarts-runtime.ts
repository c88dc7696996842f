import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * The part of ECharts the app uses: line, bar and pie charts with grid, legend, tooltip and mark
 * lines (thresholds), drawn as SVG. Loaded on demand by `EChart` (its own chunk), so no page pays
 * for it before a chart shows.
 */
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

export { init };
