/**
 * ApexCharts' own stylesheets, loaded with the chart library (Chart.tsx) rather than with the pages that
 * hold a chart: they are no use before it, and a page's stylesheets hold back its first paint.
 */
import "apexcharts/dist/apexcharts.css";
import "apexcharts/dist/apexcharts-legend.css";
