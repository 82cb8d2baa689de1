<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>hil::HistogramChart</name>
    <message>
        <source>%1 — no samples</source>
        <translation>%1 — 无样本</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;median %2, p99 %3, max %4 %5 (n = %6)</source>
        <translation>%1&lt;br&gt;中位数 %2，p99 %3，最大 %4 %5（n = %6）</translation>
    </message>
</context>
<context>
    <name>hil::LinkStyle</name>
    <message>
        <source>up</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>连接中</translation>
    </message>
    <message>
        <source>down</source>
        <translation>已断开</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>Motion platform</source>
        <translation>运动平台</translation>
    </message>
</context>
<context>
    <name>hil::LinksPanel</name>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>最近事件</translation>
    </message>
    <message>
        <source>Emulator</source>
        <translation>仿真器</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>主机:端口</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Run the built-in emulator of this peer on 127.0.0.1</source>
        <translation>在 127.0.0.1 上运行该对端的内置仿真器</translation>
    </message>
    <message>
        <source>%1: emulators are started from the command line (--emulate) in this version</source>
        <translation>%1：此版本中仿真器须通过命令行（--emulate）启动</translation>
    </message>
    <message>
        <source>%1: connecting from the window is not available yet; use the command line</source>
        <translation>%1：暂不支持从窗口连接，请使用命令行</translation>
    </message>
    <message>
        <source>%1 Hz</source>
        <translation>%1 Hz</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>断开</translation>
    </message>
</context>
<context>
    <name>hil::MainWindow</name>
    <message>
        <source>HIL Station</source>
        <translation>HIL Station</translation>
    </message>
    <message>
        <source>Session: %1</source>
        <translation>会话：%1</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the motion platform: zero the cues and brake (Esc)</source>
        <translation>停止运动平台：指令归零并制动（Esc）</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>The language changes at the next start.</source>
        <translation>语言将在下次启动时切换。</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About HIL Station</source>
        <translation>关于 HIL Station(&amp;A)</translation>
    </message>
    <message>
        <source>About HIL Station</source>
        <translation>关于 HIL Station</translation>
    </message>
    <message>
        <source>&lt;b&gt;HIL Station&lt;/b&gt; %1&lt;br&gt;RealFlight, PX4, motion platform and RflySim in one loop.&lt;br&gt;&lt;br&gt;STOP: Esc</source>
        <translation>&lt;b&gt;HIL Station&lt;/b&gt; %1&lt;br&gt;将 RealFlight、PX4、运动平台和 RflySim 连成一个回路。&lt;br&gt;&lt;br&gt;停止：Esc</translation>
    </message>
    <message>
        <source>No links running</source>
        <translation>没有运行中的链路</translation>
    </message>
    <message>
        <source>%1: not an address: %2</source>
        <translation>%1：不是有效地址：%2</translation>
    </message>
</context>
<context>
    <name>hil::PlotsPanel</name>
    <message>
        <source>Telemetry plots</source>
        <translation>遥测曲线</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>信号</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Show in plot %1</source>
        <translation>在曲线图 %1 中显示</translation>
    </message>
    <message>
        <source>Plots: </source>
        <translation>曲线图：</translation>
    </message>
    <message>
        <source>10 s</source>
        <translation>10 秒</translation>
    </message>
    <message>
        <source>30 s</source>
        <translation>30 秒</translation>
    </message>
    <message>
        <source>1 min</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <source>2 min</source>
        <translation>2 分钟</translation>
    </message>
    <message>
        <source>5 min</source>
        <translation>5 分钟</translation>
    </message>
    <message>
        <source>10 min</source>
        <translation>10 分钟</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Visible time span</source>
        <translation>可见时间范围</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Freeze the view; drag and zoom to browse</source>
        <translation>冻结视图；可拖动和缩放浏览</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Auto-scale</source>
        <translation>自动缩放</translation>
    </message>
    <message>
        <source>Fit each plot&apos;s value axis to its data</source>
        <translation>使每个曲线图的数值轴适应其数据</translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>Save the plots as an image</source>
        <translation>将曲线图保存为图片</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Save the visible data as CSV</source>
        <translation>将可见数据保存为 CSV</translation>
    </message>
    <message>
        <source>Move the mouse over a plot to read values</source>
        <translation>将鼠标移到曲线图上读取数值</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 秒</translation>
    </message>
    <message>
        <source>Export plots as PNG</source>
        <translation>将曲线图导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Export visible data as CSV</source>
        <translation>将可见数据导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>hil::ReplayPanel</name>
    <message>
        <source>Open session...</source>
        <translation>打开会话...</translation>
    </message>
    <message>
        <source>Open .tlog...</source>
        <translation>打开 .tlog...</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>Replay into the motion platform</source>
        <translation>回放到运动平台</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>导出 CSV...</translation>
    </message>
    <message>
        <source>Send the replayed flight to the motion platform instead of the live simulator; the platform&apos;s ramps, watchdog and STOP still apply</source>
        <translation>将回放的飞行代替实时模拟器发送到运动平台；平台的斜坡、看门狗和停止仍然有效</translation>
    </message>
    <message>
        <source>columns, e.g. position/n, attitude/roll (empty: all)</source>
        <translation>列，例如 position/n, attitude/roll（留空：全部）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The platform will move with the recorded flight. Is it clear and is the operator ready to press STOP?</source>
        <translation>平台将随记录的飞行运动。平台周围是否无人，操作员是否准备好按下停止？</translation>
    </message>
    <message>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>Open a session folder</source>
        <translation>打开会话文件夹</translation>
    </message>
    <message>
        <source>Open a telemetry log</source>
        <translation>打开遥测日志</translation>
    </message>
    <message>
        <source>MAVLink telemetry logs (*.tlog);;State tables (*.csv)</source>
        <translation>MAVLink 遥测日志 (*.tlog);;状态表 (*.csv)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>nothing open</source>
        <translation>未打开</translation>
    </message>
    <message>
        <source>Export to CSV</source>
        <translation>导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
</context>
<context>
    <name>hil::SessionPanel</name>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>新会话</translation>
    </message>
    <message>
        <source>Finish this session folder and record on in a new one</source>
        <translation>结束当前会话文件夹并在新文件夹中继续记录</translation>
    </message>
    <message>
        <source>not recording</source>
        <translation>未在记录</translation>
    </message>
    <message>
        <source>dropped %1, write errors %2</source>
        <translation>丢弃 %1，写入错误 %2</translation>
    </message>
</context>
<context>
    <name>hil::StatsPanel</name>
    <message>
        <source>last </source>
        <translation>最近 </translation>
    </message>
    <message>
        <source> samples</source>
        <translation> 个样本</translation>
    </message>
    <message>
        <source> bins</source>
        <translation> 个区间</translation>
    </message>
    <message>
        <source>No link publishes a distribution yet.</source>
        <translation>尚无链路发布分布数据。</translation>
    </message>
    <message>
        <source>Link statistics</source>
        <translation>链路统计</translation>
    </message>
</context>
</TS>
