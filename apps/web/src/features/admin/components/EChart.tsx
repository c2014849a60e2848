import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the chart types the dashboard draws; this file is part of the dashboard's own chunk.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** One ECharts canvas that follows the antd theme and its container's width. */
export function EChart({ option, height = 280, label }: { option: ChartOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      textStyle: { color: token.colorText },
      legend: { textStyle: { color: token.colorTextSecondary }, top: 0 },
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 48, top: 36, bottom: 28 },
      ...option,
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option, token.colorText, token.colorTextSecondary]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
