<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>EventText</name>
    <message>
        <source>platform answered</source>
        <translation>平台已应答</translation>
    </message>
    <message>
        <source>requesting unattended mode %1 (--raven-mode)</source>
        <translation>请求无人值守模式 %1（--raven-mode）</translation>
    </message>
    <message>
        <source>platform mode %1</source>
        <translation>平台模式 %1</translation>
    </message>
    <message>
        <source>platform overheat protection</source>
        <translation>平台过热保护</translation>
    </message>
    <message>
        <source>platform temperature normal again</source>
        <translation>平台温度恢复正常</translation>
    </message>
    <message>
        <source>motor %1 OK</source>
        <translation>电机 %1 正常</translation>
    </message>
    <message>
        <source>motor %1 fault</source>
        <translation>电机 %1 故障</translation>
    </message>
    <message>
        <source>simulator state fresh: cues ramping in over %1 s</source>
        <translation>仿真状态已更新：运动指令在 %1 秒内渐入</translation>
    </message>
    <message>
        <source>watchdog: simulator stalled or paused, cues ramping to zero</source>
        <translation>看门狗：仿真停止或暂停，运动指令渐变为零</translation>
    </message>
    <message>
        <source>watchdog: simulator state older than %1 ms, cues ramping to zero</source>
        <translation>看门狗：仿真状态超过 %1 毫秒未更新，运动指令渐变为零</translation>
    </message>
    <message>
        <source>exit: cues ramping to neutral within %1 s, then %2</source>
        <translation>退出：运动指令在 %1 秒内回到中立，然后 %2</translation>
    </message>
    <message>
        <source>exit: cues neutral, requesting %1</source>
        <translation>退出：运动指令已中立，请求 %1</translation>
    </message>
    <message>
        <source>exit: platform parked in %1</source>
        <translation>退出：平台已停放于 %1</translation>
    </message>
    <message>
        <source>exit: cues neutral; platform shows %1, no mode requested</source>
        <translation>退出：运动指令已中立；平台显示 %1，未请求模式</translation>
    </message>
    <message>
        <source>exit: platform did not show %3 within %1 s (shows %2)</source>
        <translation>退出：平台在 %1 秒内未显示 %3（显示 %2）</translation>
    </message>
    <message>
        <source>platform silent for %1 ms: link down, still listening</source>
        <translation>平台已 %1 毫秒无响应：链路断开，继续监听</translation>
    </message>
    <message>
        <source>platform did not take mode %1 within 1 s (shows %2)</source>
        <translation>平台未在 1 秒内进入模式 %1（显示 %2）</translation>
    </message>
    <message>
        <source>STOP released by operator</source>
        <translation>操作员已解除停止</translation>
    </message>
    <message>
        <source>operator requests mode %1</source>
        <translation>操作员请求模式 %1</translation>
    </message>
    <message>
        <source>STOP: cues zeroed, requesting %1</source>
        <translation>停止：运动指令清零，请求 %1</translation>
    </message>
    <message>
        <source>listening for PX4 on %1:%2</source>
        <translation>在 %1:%2 等待 PX4</translation>
    </message>
    <message>
        <source>PX4 connected from %1</source>
        <translation>PX4 已从 %1 连接</translation>
    </message>
    <message>
        <source>PX4 disconnected; listening again</source>
        <translation>PX4 已断开；重新等待连接</translation>
    </message>
    <message>
        <source>PX4 armed</source>
        <translation>PX4 已解锁</translation>
    </message>
    <message>
        <source>PX4 disarmed</source>
        <translation>PX4 已上锁</translation>
    </message>
    <message>
        <source>PX4 not answering in lockstep (step at %1 µs unanswered for %2 ms); stepping on without its answer</source>
        <translation>PX4 未按锁步应答（%1 微秒处的步进 %2 毫秒无应答）；不等应答继续步进</translation>
    </message>
    <message>
        <source>recording interrupted: %1</source>
        <translation>记录中断：%1</translation>
    </message>
    <message>
        <source>recording resumed in %1 (%2 records lost; cause: %3)</source>
        <translation>记录已在 %1 恢复（丢失 %2 条记录；原因：%3）</translation>
    </message>
    <message>
        <source>STOP pressed: no motion link is running</source>
        <translation>已按下停止：没有运行中的运动平台链路</translation>
    </message>
    <message>
        <source>exit: %1; closing the links</source>
        <translation>退出：%1；正在关闭链路</translation>
    </message>
    <message>
        <source>exit: %1; closing the links anyway</source>
        <translation>退出：%1；仍然关闭链路</translation>
    </message>
    <message>
        <source>link %1</source>
        <translation>链路%1</translation>
    </message>
    <message>
        <source>RealFlight physics stalled (no progress for %1 ms): frames marked stale</source>
        <translation>RealFlight 物理仿真停滞（%1 毫秒无进展）：数据帧标记为过期</translation>
    </message>
    <message>
        <source>RealFlight physics running again</source>
        <translation>RealFlight 物理仿真恢复运行</translation>
    </message>
    <message>
        <source>controller restored to the transmitter</source>
        <translation>控制已交还遥控器</translation>
    </message>
    <message>
        <source>could not restore the transmitter (RealFlight not answering)</source>
        <translation>无法交还遥控器（RealFlight 无响应）</translation>
    </message>
    <message>
        <source>replay loaded %1: %2 frames, %3 s</source>
        <translation>已加载回放 %1：%2 帧，%3 秒</translation>
    </message>
    <message>
        <source>cannot replay: %1</source>
        <translation>无法回放：%1</translation>
    </message>
    <message>
        <source>replay reached the end</source>
        <translation>回放已结束</translation>
    </message>
    <message>
        <source>loading the replay of %1 cancelled</source>
        <translation>已取消加载回放 %1</translation>
    </message>
    <message>
        <source>PX4 serial port %1 open at %2 bit/s (HITL: not lockstep)</source>
        <translation>PX4 串口 %1 已打开，%2 bit/s（HITL：非锁步）</translation>
    </message>
    <message>
        <source>PX4 serial port %1 lost (%2); opening it again when it returns</source>
        <translation>PX4 串口 %1 丢失（%2）；恢复后将重新打开</translation>
    </message>
    <message>
        <source>PX4 serial port %1: no such device (is the board plugged in and powered?); trying again</source>
        <translation>PX4 串口 %1：设备不存在（飞控板是否已插入并上电？）；正在重试</translation>
    </message>
    <message>
        <source>PX4 serial port %1: permission denied (group %2, mode %3): add your user to the dialout group (sudo usermod -aG dialout $USER), then log in again</source>
        <translation>PX4 串口 %1：权限被拒绝（组 %2，模式 %3）：请将用户加入 dialout 组（sudo usermod -aG dialout $USER），然后重新登录</translation>
    </message>
    <message>
        <source>PX4 serial port %1 is in use by another program</source>
        <translation>PX4 串口 %1 正被其他程序使用</translation>
    </message>
    <message>
        <source>PX4 serial port %1 is in use: process %2 holds its lock file %3</source>
        <translation>PX4 串口 %1 被占用：进程 %2 持有其锁文件 %3</translation>
    </message>
    <message>
        <source>PX4 serial port %1: cannot open: %2</source>
        <translation>PX4 串口 %1：无法打开：%2</translation>
    </message>
    <message>
        <source>forwarding PX4&apos;s serial stream to UDP %1 (from port %2)</source>
        <translation>正在将 PX4 串口数据流转发到 UDP %1（源端口 %2）</translation>
    </message>
    <message>
        <source>actuators flowing: HITL (PX4&apos;s own clock, not lockstep)</source>
        <translation>执行器数据流动：HITL（PX4 自身时钟，非锁步）</translation>
    </message>
    <message>
        <source>loop healthy for %1 s: cues ramping in over %2 s</source>
        <translation>回路已正常 %1 秒：运动提示在 %2 秒内渐入</translation>
    </message>
    <message>
        <source>STOP from the pilot&apos;s button (%1)</source>
        <translation>来自飞行员按键的停止 (%1)</translation>
    </message>
    <message>
        <source>enabling button released: cues ramping to zero, STOP after %1 s</source>
        <translation>使能按键已松开：运动指令渐变归零，%1 秒后停止</translation>
    </message>
    <message>
        <source>the enabling button&apos;s device is lost: cues ramping to zero, STOP after %1 s</source>
        <translation>使能按键所在设备丢失：运动指令渐变归零，%1 秒后停止</translation>
    </message>
    <message>
        <source>enabling button held: cues may ramp in</source>
        <translation>使能按键已按住：运动指令可渐入</translation>
    </message>
    <message>
        <source>enabling button released for more than %1 s: STOP</source>
        <translation>使能按键松开超过 %1 秒：停止</translation>
    </message>
    <message>
        <source>waiting for the pilot&apos;s device %1: none is there yet</source>
        <translation>等待飞行员设备 %1：尚未出现</translation>
    </message>
    <message>
        <source>a transmitter sample from %1 has values outside -1..1; such samples are dropped</source>
        <translation>来自 %1 的遥控采样超出 -1..1；此类采样被丢弃</translation>
    </message>
    <message>
        <source>the pilot flies with %1 (%2)</source>
        <translation>飞行员使用 %1 飞行 (%2)</translation>
    </message>
    <message>
        <source>the pilot&apos;s %1 is back (%2)</source>
        <translation>飞行员设备 %1 已恢复 (%2)</translation>
    </message>
    <message>
        <source>the pilot&apos;s %1 lost (%2): the sticks are no longer used</source>
        <translation>飞行员设备 %1 丢失 (%2)：不再使用摇杆</translation>
    </message>
    <message>
        <source>platform firmware %1 rev %2 (%3-%4-%5)</source>
        <translation>平台固件 %1 修订 %2（%3-%4-%5）</translation>
    </message>
    <message>
        <source>CUEING confirmed with the seat empty (procedure step 2)</source>
        <translation>已确认 CUEING，座椅无人（流程第 2 步）</translation>
    </message>
    <message>
        <source>CUEING confirmed with a rider strapped in at master gain %1 (procedure step 5)</source>
        <translation>已确认 CUEING，乘员已系好安全带，总增益 %1（流程第 5 步）</translation>
    </message>
    <message>
        <source>RealFlight flown from the pilot&apos;s device (%1)</source>
        <translation>RealFlight 由飞行员的输入设备操纵（%1）</translation>
    </message>
    <message>
        <source>RealFlight no longer flown from the pilot&apos;s device</source>
        <translation>RealFlight 不再由飞行员的输入设备操纵</translation>
    </message>
    <message>
        <source>%1 (%2) unplugged: its controls are left out until it is back</source>
        <translation>%1（%2）已拔出：在其重新连接之前不使用它的控制量</translation>
    </message>
    <message>
        <source>%1 is not used: its set-up was left before Finish and it has no calibration; run the set-up again</source>
        <translation>不使用 %1：其设置在“完成”前被退出且没有校准；请重新进行设置</translation>
    </message>
    <message>
        <source>transport delay: %1 steps of %2 on %3</source>
        <translation>传输延迟：在 %3 上施加 %1 次幅值为 %2 的阶跃</translation>
    </message>
    <message>
        <source>transport delay: median %2 ms, max %3 ms over %1 steps</source>
        <translation>传输延迟：%1 次阶跃，中位数 %2 ms，最大 %3 ms</translation>
    </message>
    <message>
        <source>transport delay refused (reason: %1)</source>
        <translation>传输延迟测量被拒绝（原因：%1）</translation>
    </message>
    <message>
        <source>transport delay stopped after %2 steps (reason: %1)</source>
        <translation>传输延迟测量在 %2 次阶跃后停止（原因：%1）</translation>
    </message>
    <message>
        <source>transport-delay steps confirmed with the seat empty (procedure step 2)</source>
        <translation>已确认传输延迟阶跃，座椅无人（流程第 2 步）</translation>
    </message>
    <message>
        <source>Lower the master gain, or this axis&apos;s gain in the cueing settings; the dry run shows where the platform runs out of travel.</source>
        <translation>请降低总增益或提示设置中该轴的增益；试运行会显示平台在何处行程不足。</translation>
    </message>
    <message>
        <source>Reset the aircraft in RealFlight: it crashed or left the world, and no cue is made of such data.</source>
        <translation>请在 RealFlight 中重置飞行器：它已坠毁或离开了场景，此类数据不会产生运动提示。</translation>
    </message>
    <message>
        <source>loop degraded: %1; cues held at neutral, back after %2 s without a problem</source>
        <translation>回路降级：%1；运动提示保持中立，无问题 %2 秒后恢复</translation>
    </message>
    <message>
        <source>STOP from the lab&apos;s instructor %1</source>
        <translation>来自实验室教员 %1 的停止</translation>
    </message>
    <message>
        <source>STOP from a command (hilstation --send stop)</source>
        <translation>来自命令的停止（hilstation --send stop）</translation>
    </message>
    <message>
        <source>quit asked by a command (hilstation --send quit): parking, then exit</source>
        <translation>命令请求退出（hilstation --send quit）：先停放，然后退出</translation>
    </message>
    <message>
        <source>axis check passed on every axis: simulator cues ramping in over %1 s</source>
        <translation>所有轴均通过轴向检查：模拟器提示在 %1 秒内渐入</translation>
    </message>
    <message>
        <source>no such platform mode: %1; nothing asked</source>
        <translation>没有此平台模式：%1；未发出请求</translation>
    </message>
    <message>
        <source>cueing settings applied: frame %1, master gain %2</source>
        <translation>已应用提示设置：帧 %1，总增益 %2</translation>
    </message>
    <message>
        <source>PX4 flight mode: %1</source>
        <translation>PX4 飞行模式：%1</translation>
    </message>
    <message>
        <source>PX4 accepted %1: %2</source>
        <translation>PX4 已接受 %1：%2</translation>
    </message>
    <message>
        <source>PX4 refused %1: %2</source>
        <translation>PX4 拒绝了 %1：%2</translation>
    </message>
    <message>
        <source>PX4 did not answer %1: %2</source>
        <translation>PX4 未应答 %1：%2</translation>
    </message>
    <message>
        <source>connected to the lab&apos;s broker %1 as rig %2</source>
        <translation>已作为台架 %2 连接到实验室代理 %1</translation>
    </message>
    <message>
        <source>lost the lab&apos;s broker %1 (%2); reconnecting</source>
        <translation>与实验室代理 %1 的连接丢失（%2）；正在重连</translation>
    </message>
    <message>
        <source>cannot reach the lab&apos;s broker %1 (%2); retrying</source>
        <translation>无法连接实验室代理 %1（%2）；正在重试</translation>
    </message>
    <message>
        <source>the lab&apos;s broker %1 is reached without TLS: user name, password and STOP travel in clear text</source>
        <translation>实验室代理 %1 未使用 TLS：用户名、密码和停止命令以明文传输</translation>
    </message>
    <message>
        <source>a lab command was refused (%1); further ones are only counted</source>
        <translation>一条实验室命令被拒绝（%1）；之后的只计数</translation>
    </message>
    <message>
        <source>Open the report and do what it says beside each failed check, then run the rig check again.</source>
        <translation>打开报告，按每项未通过检查旁的说明处理，然后重新运行台架检查。</translation>
    </message>
    <message>
        <source>Press STOP, help the rider off, then check the platform with the vendor&apos;s tools.</source>
        <translation>按下停止，协助乘员离开，然后用厂商工具检查平台。</translation>
    </message>
    <message>
        <source>Check the platform by hand before the rider leaves it.</source>
        <translation>在乘员离开前手动检查平台。</translation>
    </message>
    <message>
        <source>Look at the platform&apos;s mode, motors and temperature in the Motion panel: a platform with a motor fault or in overheat protection may not take the mode.</source>
        <translation>在运动平台面板中查看平台的模式、电机和温度：电机故障或处于过热保护的平台可能不接受该模式。</translation>
    </message>
    <message>
        <source>When it is safe to go on, pick a mode in the Motion panel.</source>
        <translation>确认可以安全继续后，在运动平台面板中选择一个模式。</translation>
    </message>
    <message>
        <source>Plug the device in again (for RealFlight&apos;s transmitter: restart its simulation); use the window&apos;s STOP meanwhile.</source>
        <translation>重新插上设备（RealFlight 发射机：重新启动其仿真）；在此期间使用窗口中的停止按钮。</translation>
    </message>
    <message>
        <source>Ask the pilot why, then pick a mode in the Motion panel to go on.</source>
        <translation>询问飞行员原因，然后在运动平台面板中选择模式以继续。</translation>
    </message>
    <message>
        <source>Have the pilot hold the enabling button, then pick the mode again in the Motion panel.</source>
        <translation>让飞行员按住使能按钮，然后在运动平台面板中重新选择模式。</translation>
    </message>
    <message>
        <source>Free space on the disk or restore the session folder: recording resumes by itself and says how many records were lost.</source>
        <translation>释放磁盘空间或恢复会话文件夹：记录会自动恢复，并说明丢失了多少条记录。</translation>
    </message>
    <message>
        <source>The platform&apos;s state is unknown: check it by hand before the rider leaves it.</source>
        <translation>平台状态未知：在乘员离开前手动检查。</translation>
    </message>
    <message>
        <source>axis check: a test cue moves the platform in %1 for %2 s</source>
        <translation>轴向检查：测试提示使平台沿 %1 运动 %2 秒</translation>
    </message>
    <message>
        <source>axis check refused: the platform must show CUEING and not be stopped</source>
        <translation>轴向检查被拒绝：平台必须显示 CUEING 且未处于停止状态</translation>
    </message>
    <message>
        <source>Pick CUEING (confirmed), then run the check again.</source>
        <translation>选择 CUEING（并确认），然后重新运行检查。</translation>
    </message>
    <message>
        <source>axis check: %1 passed</source>
        <translation>轴向检查：%1 通过</translation>
    </message>
    <message>
        <source>axis check: a %1 test cue moved no axis above its noise</source>
        <translation>轴向检查：%1 测试提示未使任何轴的运动超过其噪声</translation>
    </message>
    <message>
        <source>Check that the platform shows CUEING and moves, then test the axis again.</source>
        <translation>确认平台显示 CUEING 且在运动，然后重新测试该轴。</translation>
    </message>
    <message>
        <source>axis check: a %1 test cue moved %2: the platform reads the axes in another order (test cue ramped out)</source>
        <translation>轴向检查：%1 测试提示使 %2 运动：平台以不同顺序读取各轴（测试提示已淡出）</translation>
    </message>
    <message>
        <source>axis check: %1 cancelled</source>
        <translation>轴向检查：%1 已取消</translation>
    </message>
    <message>
        <source>simulator cues held at neutral: a %1 test cue moved %2 (the platform reads the axes in another order); the mode is left as it is</source>
        <translation>模拟器运动提示保持中立：%1 测试提示使 %2 运动（平台以不同顺序读取各轴）；模式保持不变</translation>
    </message>
    <message>
        <source>simulator cues held at neutral: the last axis check failed; the mode is left as it is</source>
        <translation>模拟器运动提示保持中立：上次轴向检查未通过；模式保持不变</translation>
    </message>
    <message>
        <source>the axis check&apos;s result could not be saved: a later run will not know it</source>
        <translation>轴向检查结果无法保存：之后的运行将不知道该结果</translation>
    </message>
    <message>
        <source>Check that the settings file (or the file HIL_AXIS_CHECK_STORE names) can be written.</source>
        <translation>检查设置文件（或 HIL_AXIS_CHECK_STORE 指定的文件）是否可写。</translation>
    </message>
    <message>
        <source>axis check: %1 moved as expected (invert %2)</source>
        <translation>轴向检查：%1 按预期运动（反向 %2）</translation>
    </message>
    <message>
        <source>axis check: %1 moved the other way; its invert is now %2</source>
        <translation>轴向检查：%1 向相反方向运动；其反向现为 %2</translation>
    </message>
    <message>
        <source>axis check: %1 did not move (invert %2)</source>
        <translation>轴向检查：%1 未运动（反向 %2）</translation>
    </message>
    <message>
        <source>cueing settings from the old sign convention: every axis&apos;s invert was cleared</source>
        <translation>运动提示设置采用旧的符号约定：所有轴的反向已清除</translation>
    </message>
    <message>
        <source>the %1 washout target is beyond the platform&apos;s range: clamped</source>
        <translation>%1 的回中目标超出平台范围：已限幅</translation>
    </message>
    <message>
        <source>Lower the washout targets.</source>
        <translation>减小回中目标。</translation>
    </message>
    <message>
        <source>surge or sway washout target not zero: more power and actuator heat, which the vendor advises against</source>
        <translation>纵向或横向回中目标不为零：功耗和作动器发热增加，厂商不建议这样做</translation>
    </message>
    <message>
        <source>Set the surge and sway washout targets to zero.</source>
        <translation>将纵向和横向回中目标设为零。</translation>
    </message>
    <message>
        <source>PX4 heard on the simulator link (system %1)</source>
        <translation>在模拟器链路上收到 PX4（系统 %1）</translation>
    </message>
    <message>
        <source>actuator map changed: %1 outputs mapped</source>
        <translation>执行器映射已更改：映射了 %1 个输出</translation>
    </message>
    <message>
        <source>PX4&apos;s actuator outputs arriving in lockstep</source>
        <translation>PX4 的执行器输出以锁步方式到达</translation>
    </message>
    <message>
        <source>PX4&apos;s actuator outputs arriving without lockstep: PX4 and the simulator are not kept in step</source>
        <translation>PX4 的执行器输出未以锁步方式到达：PX4 与模拟器不再保持同步</translation>
    </message>
    <message>
        <source>Use a PX4 SITL build with lockstep (the default).</source>
        <translation>使用带锁步的 PX4 SITL 版本（默认即是）。</translation>
    </message>
    <message>
        <source>PX4&apos;s answers do not carry the times of the steps sent (%1 in a row): answers are matched to steps by their order</source>
        <translation>PX4 的应答未携带所发送步的时间（连续 %1 次）：按顺序将应答与步对应</translation>
    </message>
    <message>
        <source>a PX4 silent for %1 s replaced by a new connection from %2</source>
        <translation>已静默 %1 秒的 PX4 被来自 %2 的新连接取代</translation>
    </message>
    <message>
        <source>a second PX4 from %1 refused: one PX4 per port</source>
        <translation>拒绝了来自 %1 的第二个 PX4：每个端口只接一个 PX4</translation>
    </message>
    <message>
        <source>Give each PX4 instance its own --px4 port (4560 + the instance number).</source>
        <translation>为每个 PX4 实例指定自己的 --px4 端口（4560 + 实例编号）。</translation>
    </message>
    <message>
        <source>ground-station link open on PX4&apos;s serial port (shared with the PX4 link)</source>
        <translation>地面站链路已在 PX4 的串口上打开（与 PX4 链路共用）</translation>
    </message>
    <message>
        <source>ground-station link open: UDP port %1 to PX4 at %2:%3</source>
        <translation>地面站链路已打开：UDP 端口 %1 连接 PX4 %2:%3</translation>
    </message>
    <message>
        <source>PX4 heard on the ground-station link (system %1)</source>
        <translation>在地面站链路上收到 PX4（系统 %1）</translation>
    </message>
    <message>
        <source>PX4 silent on the ground-station link for %1 s</source>
        <translation>PX4 在地面站链路上已静默 %1 秒</translation>
    </message>
    <message>
        <source>Check that PX4 runs, and the ground-station port: --px4-gcs, or 18570 + the instance the --px4 port implies.</source>
        <translation>检查 PX4 是否在运行，并检查地面站端口：--px4-gcs，或 18570 + 由 --px4 端口推得的实例号。</translation>
    </message>
    <message>
        <source>PX4&apos;s landing state: %1</source>
        <translation>PX4 的着陆状态：%1</translation>
    </message>
    <message>
        <source>PX4 says: %1</source>
        <translation>PX4 消息：%1</translation>
    </message>
    <message>
        <source>the pilot&apos;s button: %1</source>
        <translation>飞行员按钮：%1</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks go to PX4, %1 times a second</source>
        <translation>飞行员摇杆输入发送至 PX4，每秒 %1 次</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks go to PX4, %1 times a second, from %2</source>
        <translation>飞行员摇杆输入发送至 PX4，每秒 %1 次，来自 %2</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: the link closed</source>
        <translation>飞行员摇杆输入不再发送至 PX4：链路已关闭</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: the device is lost or its readings stale; PX4&apos;s failsafe for lost sticks decides</source>
        <translation>飞行员摇杆输入不再发送至 PX4：设备丢失或读数过时；由 PX4 的摇杆丢失失效保护决定</translation>
    </message>
    <message>
        <source>Plug the device back in; once it is back, switch PX4&apos;s flight mode again.</source>
        <translation>重新插上设备；恢复后再次切换 PX4 的飞行模式。</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: none came for %1 s; PX4&apos;s failsafe for lost sticks decides</source>
        <translation>飞行员摇杆输入不再发送至 PX4：已 %1 秒未收到；由 PX4 的摇杆丢失失效保护决定</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: an axis had no number; PX4&apos;s failsafe for lost sticks decides</source>
        <translation>飞行员摇杆输入不再发送至 PX4：某个轴的值不是数字；由 PX4 的摇杆丢失失效保护决定</translation>
    </message>
    <message>
        <source>Check the device&apos;s mapping in the pilot set-up.</source>
        <translation>在飞行员设置中检查该设备的映射。</translation>
    </message>
    <message>
        <source>the pilot&apos;s controls from %1 have an axis that is not a number: not sent to PX4</source>
        <translation>来自 %1 的飞行员操纵输入有一个轴的值不是数字：未发送至 PX4</translation>
    </message>
    <message>
        <source>PX4 takes the pilot&apos;s sticks from this program (COM_RC_IN_MODE %1)</source>
        <translation>PX4 接受来自本程序的飞行员摇杆输入（COM_RC_IN_MODE %1）</translation>
    </message>
    <message>
        <source>PX4 takes the pilot&apos;s sticks only while no RC receiver is chosen first (COM_RC_IN_MODE %1)</source>
        <translation>仅在未优先选择遥控接收机时，PX4 才接受飞行员摇杆输入（COM_RC_IN_MODE %1）</translation>
    </message>
    <message>
        <source>PX4 ignores the pilot&apos;s sticks from this program (COM_RC_IN_MODE %1)</source>
        <translation>PX4 忽略来自本程序的飞行员摇杆输入（COM_RC_IN_MODE %1）</translation>
    </message>
    <message>
        <source>PX4 parameter %1 = %2</source>
        <translation>PX4 参数 %1 = %2</translation>
    </message>
    <message>
        <source>PX4 kept parameter %1 at %2 (asked %3)</source>
        <translation>PX4 将参数 %1 保持为 %2（请求值 %3）</translation>
    </message>
    <message>
        <source>not a PX4 parameter name: &quot;%1&quot; (1 to 16 ASCII characters)</source>
        <translation>不是 PX4 参数名：“%1”（应为 1 到 16 个 ASCII 字符）</translation>
    </message>
    <message>
        <source>PX4 parameter &quot;%1&quot; not sent: it needs a finite value and a known type</source>
        <translation>PX4 参数“%1”未发送：需要有限数值和已知类型</translation>
    </message>
    <message>
        <source>PX4 did not answer for parameter %1 (%2 attempts)</source>
        <translation>PX4 未应答参数 %1（尝试 %2 次）</translation>
    </message>
    <message>
        <source>PX4 ready: arming for an unattended take-off to %1 m</source>
        <translation>PX4 就绪：正在解锁，准备无人值守起飞至 %1 米</translation>
    </message>
    <message>
        <source>unattended take-off given up after %1 attempts</source>
        <translation>无人值守起飞在尝试 %1 次后放弃</translation>
    </message>
    <message>
        <source>Read PX4&apos;s messages in the Session panel, then fly from the PX4 panel.</source>
        <translation>在会话面板中查看 PX4 的消息，然后从 PX4 面板操作飞行。</translation>
    </message>
    <message>
        <source>a datagram from %1:%2 to the ground-station port held no MAVLink</source>
        <translation>来自 %1:%2 发往地面站端口的数据报不含 MAVLink</translation>
    </message>
    <message>
        <source>Find the other program that sends to this port and give it another.</source>
        <translation>找到向此端口发送数据的其他程序，并为其更换端口。</translation>
    </message>
    <message>
        <source>asking RflySim3D for sensor %1 (type %2) on port %3</source>
        <translation>正在向 RflySim3D 请求传感器 %1（类型 %2），端口 %3</translation>
    </message>
    <message>
        <source>RflySim3D&apos;s sensor %1 (type %2) streaming on port %3</source>
        <translation>RflySim3D 的传感器 %1（类型 %2）正在端口 %3 上传输</translation>
    </message>
    <message>
        <source>RflySim3D&apos;s sensor %1 (type %2) on port %3 silent for %4 s: asking for it again</source>
        <translation>RflySim3D 的传感器 %1（类型 %2，端口 %3）已静默 %4 秒：重新请求</translation>
    </message>
    <message>
        <source>the gimbal state&apos;s multicast group %1 could not be joined (%2): only its direct copy arrives</source>
        <translation>无法加入云台状态的组播组 %1（%2）：只收到其直接发送的副本</translation>
    </message>
    <message>
        <source>RflySim3D&apos;s host &quot;%1&quot; cannot be found: the link keeps its old address</source>
        <translation>找不到 RflySim3D 的主机“%1”：链路保留原地址</translation>
    </message>
    <message>
        <source>Check the host name or address given for RflySim3D.</source>
        <translation>检查为 RflySim3D 指定的主机名或地址。</translation>
    </message>
    <message>
        <source>RflySim port %1 cannot be opened (%2): the link receives nothing</source>
        <translation>无法打开 RflySim 端口 %1（%2）：链路收不到任何数据</translation>
    </message>
    <message>
        <source>Close the program that holds the port, or give the RflySim link other ports.</source>
        <translation>关闭占用该端口的程序，或为 RflySim 链路指定其他端口。</translation>
    </message>
    <message>
        <source>RealFlight sends no controller channels: its transmitter is not read</source>
        <translation>RealFlight 未发送控制器通道：无法读取其发射机</translation>
    </message>
    <message>
        <source>%1 of RealFlight&apos;s %2 controller channels are not a number: its transmitter is not read from such replies</source>
        <translation>RealFlight 的 %2 个控制器通道中有 %1 个不是数字：不从此类应答读取其发射机</translation>
    </message>
    <message>
        <source>RealFlight restarted or reset (physics time back from %1 s to %2 s): the flight&apos;s origin is taken again</source>
        <translation>RealFlight 已重启或重置（物理时间从 %1 秒回到 %2 秒）：重新确定飞行原点</translation>
    </message>
    <message>
        <source>RealFlight&apos;s physics runs at %1 times real time</source>
        <translation>RealFlight 的物理以 %1 倍实时速度运行</translation>
    </message>
    <message>
        <source>RealFlight&apos;s replies lack %1 (another RealFlight version?)</source>
        <translation>RealFlight 的应答缺少 %1（RealFlight 版本不同？）</translation>
    </message>
    <message>
        <source>a request to RealFlight failed (%1: %2); trying again</source>
        <translation>对 RealFlight 的请求失败（%1：%2）；正在重试</translation>
    </message>
    <message>
        <source>recording goes on in a new session folder: %1</source>
        <translation>记录在新的会话文件夹中继续：%1</translation>
    </message>
    <message>
        <source>the PX4 stand-in connected to %1:%2</source>
        <translation>PX4 替身已连接到 %1:%2</translation>
    </message>
    <message>
        <source>the PX4 stand-in lost this program; reconnecting</source>
        <translation>PX4 替身与本程序断开；正在重新连接</translation>
    </message>
    <message>
        <source>the PX4 stand-in opened serial port %1 (HITL)</source>
        <translation>PX4 替身已打开串口 %1（HITL）</translation>
    </message>
    <message>
        <source>the PX4 stand-in lost serial port %1; opening it again</source>
        <translation>PX4 替身丢失串口 %1；正在重新打开</translation>
    </message>
    <message>
        <source>the PX4 stand-in stalls: it no longer answers the simulator&apos;s sensor data</source>
        <translation>PX4 替身停顿：不再应答模拟器的传感器数据</translation>
    </message>
    <message>
        <source>the PX4 stand-in answers the sensor data again</source>
        <translation>PX4 替身重新应答传感器数据</translation>
    </message>
    <message>
        <source>the PX4 stand-in armed</source>
        <translation>PX4 替身已解锁</translation>
    </message>
    <message>
        <source>the PX4 stand-in armed (climbing to %1 m)</source>
        <translation>PX4 替身已解锁（爬升至 %1 米）</translation>
    </message>
    <message>
        <source>the PX4 stand-in disarmed</source>
        <translation>PX4 替身已上锁</translation>
    </message>
    <message>
        <source>the PX4 stand-in set parameter %1 to %2</source>
        <translation>PX4 替身已将参数 %1 设为 %2</translation>
    </message>
    <message>
        <source>the PX4 stand-in lost the pilot&apos;s sticks: failsafe NAV_RCL_ACT %1 after %2 s</source>
        <translation>PX4 替身丢失飞行员摇杆输入：%2 秒后执行失效保护 NAV_RCL_ACT %1</translation>
    </message>
    <message>
        <source>the platform stand-in shows mode %1</source>
        <translation>平台替身显示模式 %1</translation>
    </message>
    <message>
        <source>the platform stand-in is in overheat protection (%1 °C)</source>
        <translation>平台替身处于过热保护（%1 °C）</translation>
    </message>
    <message>
        <source>the platform stand-in&apos;s temperature is normal again</source>
        <translation>平台替身温度恢复正常</translation>
    </message>
    <message>
        <source>the RealFlight stand-in restarted (physics time back from %1 s to %2 s)</source>
        <translation>RealFlight 替身已重启（物理时间从 %1 秒回到 %2 秒）</translation>
    </message>
    <message>
        <source>the RflySim stand-in&apos;s impairments: losing packets %1, reordering %2, duplicating %3</source>
        <translation>RflySim 替身的干扰：丢包 %1，乱序 %2，重复 %3</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>rig check done: passed %1 · warnings %2 · failed %3 (report in %4)</source>
        <translation>台架检查完成：通过 %1 · 警告 %2 · 失败 %3（报告位于 %4）</translation>
    </message>
    <message>
        <source>PX4 answering in lockstep again (timeouts meanwhile: %1)</source>
        <translation>PX4 再次按锁步应答（期间超时：%1）</translation>
    </message>
    <message>
        <source>platform measurement: each DoF in turn, about %1 min (seat empty)</source>
        <translation>平台测量：逐个自由度依次进行，约 %1 分钟（座椅无人）</translation>
    </message>
    <message>
        <source>platform measurement: all six DoFs excited</source>
        <translation>平台测量：六个自由度均已激励</translation>
    </message>
    <message>
        <source>platform measurement refused (reason: %1)</source>
        <translation>平台测量被拒绝（原因：%1）</translation>
    </message>
    <message>
        <source>platform measurement stopped after %2 of 6 DoFs (reason: %1)</source>
        <translation>平台测量在 6 个自由度中完成 %2 个后停止（原因：%1）</translation>
    </message>
    <message>
        <source>platform measurement confirmed with the seat empty (procedure step 2)</source>
        <translation>平台测量已确认座椅无人（流程第 2 步）</translation>
    </message>
    <message>
        <source>OMCT measurement: each input axis in turn, about %1 min (seat empty)</source>
        <translation>OMCT 测量：逐个输入轴依次进行，约 %1 分钟（座椅无人）</translation>
    </message>
    <message>
        <source>OMCT measurement: all six inputs measured</source>
        <translation>OMCT 测量：六个输入均已测量</translation>
    </message>
    <message>
        <source>OMCT measurement refused (reason: %1)</source>
        <translation>OMCT 测量被拒绝（原因：%1）</translation>
    </message>
    <message>
        <source>OMCT measurement stopped after %2 of 6 inputs (reason: %1)</source>
        <translation>OMCT 测量在 6 个输入中的第 %2 个后停止（原因：%1）</translation>
    </message>
</context>
<context>
    <name>LinkStandIn</name>
    <message>
        <source>PX4&apos;s stand-in arms and takes off by itself: a scripted demo flight</source>
        <translation>PX4 替身会自行解锁并起飞：这是预设的演示飞行</translation>
    </message>
</context>
<context>
    <name>RigCheck</name>
    <message>
        <source>RealFlight: exchanges per second, and their spread</source>
        <translation>RealFlight：每秒交换次数及其离散度</translation>
    </message>
    <message>
        <source>Below 200 exchanges a second the loop is too coarse for PX4 and the platform. Run RealFlight on this PC or over a cable rather than Wi-Fi, close programs that load either PC, and lower RealFlight&apos;s graphics settings.</source>
        <translation>每秒少于 200 次交换时，回路对 PX4 和平台而言过于粗糙。请在本机上运行 RealFlight，或通过网线而非 Wi-Fi 连接；关闭占用任一台电脑资源的程序，并降低 RealFlight 的图形设置。</translation>
    </message>
    <message>
        <source>RealFlight: physics time advancing with the wall clock</source>
        <translation>RealFlight：物理时间随实际时钟推进</translation>
    </message>
    <message>
        <source>RealFlight&apos;s physics stood still or ran slow. Either its window lost the focus with &quot;Pause Physics When in Background&quot; set to Yes (Simulation → Settings → Physics: set it to No), or the simulation is paused or a menu is open (close it and resume). A PC too busy to run it in real time shows here too.</source>
        <translation>RealFlight 的物理仿真停滞或运行过慢。原因可能是其窗口失去焦点且“Pause Physics When in Background”设为 Yes（Simulation → Settings → Physics：将其设为 No），或仿真已暂停、有菜单打开（关闭菜单并继续）。电脑负载过高、无法实时运行时也会在此显示。</translation>
    </message>
    <message>
        <source>RealFlight: the program&apos;s controller injected</source>
        <translation>RealFlight：已注入本程序的控制器</translation>
    </message>
    <message>
        <source>RealFlight did not take the program&apos;s controller. Set FlightAxis Link Enabled to Yes (Simulation → Settings → Physics), restart RealFlight, and run one FlightAxis client at a time.</source>
        <translation>RealFlight 未接受本程序的控制器。请将 FlightAxis Link Enabled 设为 Yes（Simulation → Settings → Physics），重启 RealFlight，并且同一时间只运行一个 FlightAxis 客户端。</translation>
    </message>
    <message>
        <source>RealFlight: the transmitter&apos;s channels seen</source>
        <translation>RealFlight：收到遥控器的通道</translation>
    </message>
    <message>
        <source>RealFlight sent no transmitter channels. Attach its controller (InterLink, a joystick or a transmitter in joystick mode) before starting RealFlight, and select it in RealFlight&apos;s controller settings.</source>
        <translation>RealFlight 未发送遥控器通道。请在启动 RealFlight 之前连接其控制器（InterLink、操纵杆或处于操纵杆模式的遥控器），并在 RealFlight 的控制器设置中选中它。</translation>
    </message>
    <message>
        <source>PX4: lockstep steps per second</source>
        <translation>PX4：每秒锁步步数</translation>
    </message>
    <message>
        <source>PX4 answers fewer steps than the simulator sends. Check that RealFlight keeps its rate (above) and that PX4 is not starved of CPU; on a board, use a USB cable directly to this PC.</source>
        <translation>PX4 应答的步数少于模拟器发送的步数。请检查 RealFlight 是否保持其速率（见上文）以及 PX4 是否缺少 CPU 资源；使用飞控板时，请用 USB 线直接连接本机。</translation>
    </message>
    <message>
        <source>PX4: steps it did not answer in time, and answer matching</source>
        <translation>PX4：未及时应答的步数及应答匹配</translation>
    </message>
    <message>
        <source>PX4 missed steps or its answers cannot be matched to the step by time. Close programs that load this PC; use a PX4 build with lockstep (the default for SITL).</source>
        <translation>PX4 漏掉了步进，或其应答无法按时间与步进匹配。请关闭占用本机资源的程序；使用带锁步的 PX4 版本（SITL 的默认设置）。</translation>
    </message>
    <message>
        <source>PX4: SYS_HITL against the link&apos;s mode</source>
        <translation>PX4：SYS_HITL 与链路模式是否一致</translation>
    </message>
    <message>
        <source>SYS_HITL must be 1 on a board in the loop (HITL) and 0 in SITL. Set it in QGroundControl&apos;s parameters and reboot PX4.</source>
        <translation>飞控板在环（HITL）时 SYS_HITL 必须为 1，SITL 时必须为 0。请在 QGroundControl 的参数中设置，然后重启 PX4。</translation>
    </message>
    <message>
        <source>PX4: SYS_AUTOSTART, the airframe</source>
        <translation>PX4：SYS_AUTOSTART，机架</translation>
    </message>
    <message>
        <source>PX4 has no airframe. Choose one in QGroundControl (for HITL one of the HIL airframes) and reboot PX4.</source>
        <translation>PX4 没有机架。请在 QGroundControl 中选择一个（HITL 时选择 HIL 机架之一），然后重启 PX4。</translation>
    </message>
    <message>
        <source>PX4: COM_RC_IN_MODE takes the pilot&apos;s sticks</source>
        <translation>PX4：COM_RC_IN_MODE 接受飞行员摇杆输入</translation>
    </message>
    <message>
        <source>With COM_RC_IN_MODE 0 (RC only) or 4 (disabled) PX4 ignores the pilot&apos;s sticks from the program. Set it to 1 (MAVLink only) in QGroundControl&apos;s parameters.</source>
        <translation>COM_RC_IN_MODE 为 0（仅遥控器）或 4（禁用）时，PX4 会忽略本程序发送的飞行员摇杆输入。请在 QGroundControl 的参数中将其设为 1（仅 MAVLink）。</translation>
    </message>
    <message>
        <source>PX4: data rate of the MAVLink instance on the board&apos;s USB</source>
        <translation>PX4：飞控板 USB 上 MAVLink 实例的数据速率</translation>
    </message>
    <message>
        <source>PX4 runs no MAVLink on the board&apos;s USB port, so it streams no HIL_ACTUATOR_CONTROLS there. Set SYS_USB_AUTO to 2 (always) and reboot PX4; on a TELEM port, raise that instance&apos;s MAV_n_RATE above 5000 B/s.</source>
        <translation>PX4 未在飞控板的 USB 端口上运行 MAVLink，因此不会在该端口发送 HIL_ACTUATOR_CONTROLS。请将 SYS_USB_AUTO 设为 2（始终），然后重启 PX4；若使用 TELEM 端口，请将该实例的 MAV_n_RATE 提高到 5000 B/s 以上。</translation>
    </message>
    <message>
        <source>PX4: parameters read over the ground-station link</source>
        <translation>PX4：通过地面站连接读取参数</translation>
    </message>
    <message>
        <source>PX4 did not answer the parameter reads. Check the ground-station link (--px4-gcs, or the port the --px4 port implies) and that PX4 runs.</source>
        <translation>PX4 未应答参数读取。请检查地面站连接（--px4-gcs，或由 --px4 的端口推出的端口）以及 PX4 是否在运行。</translation>
    </message>
    <message>
        <source>PX4: pre-arm checks, with PX4&apos;s reasons</source>
        <translation>PX4：解锁前检查及 PX4 给出的原因</translation>
    </message>
    <message>
        <source>PX4 would not arm. Fix the reasons PX4 gives (shown in the figure and in the Session panel), then run the check again.</source>
        <translation>PX4 无法解锁。请排除 PX4 给出的原因（显示在测量值和“会话”面板中），然后重新运行检查。</translation>
    </message>
    <message>
        <source>Platform: replies arriving</source>
        <translation>平台：应答到达</translation>
    </message>
    <message>
        <source>No replies from the platform. Check its power and cable, this PC&apos;s address on the platform&apos;s network, and that the reply port is open in this PC&apos;s firewall on that network&apos;s profile (on Windows a network without a gateway is Public).</source>
        <translation>没有收到平台的应答。请检查平台的电源和网线、本机在平台网络中的地址，以及本机防火墙在该网络的配置文件下是否放行了应答端口（在 Windows 上，没有网关的网络属于“公用”网络）。</translation>
    </message>
    <message>
        <source>Platform: this PC&apos;s firewall on the reply port</source>
        <translation>平台：本机防火墙对应答端口的设置</translation>
    </message>
    <message>
        <source>The firewall blocks the platform&apos;s replies on this network&apos;s profile. Reinstall the program (the installer allows its ports on every profile, local subnet only) or remove the block rule named in the figure (Windows Defender Firewall → Advanced settings → Inbound Rules).</source>
        <translation>防火墙在该网络的配置文件下阻止了平台的应答。请重新安装本程序（安装程序会在所有配置文件下放行其端口，仅限本地子网），或删除测量值中列出的阻止规则（Windows Defender 防火墙 → 高级设置 → 入站规则）。</translation>
    </message>
    <message>
        <source>Platform: status word and motors</source>
        <translation>平台：状态字和电机</translation>
    </message>
    <message>
        <source>A motor reports a fault. Keep the seat empty and check the platform with the vendor&apos;s tools.</source>
        <translation>有电机报告故障。请保持座椅无人，并用厂商的工具检查平台。</translation>
    </message>
    <message>
        <source>Platform: actuator temperatures</source>
        <translation>平台：执行器温度</translation>
    </message>
    <message>
        <source>The actuators are hot. Let the platform cool in LEVEL BRAKE before anyone rides.</source>
        <translation>执行器温度过高。在有人乘坐之前，请让平台在水平制动（LEVEL BRAKE）状态下冷却。</translation>
    </message>
    <message>
        <source>Platform: firmware reported</source>
        <translation>平台：已报告固件</translation>
    </message>
    <message>
        <source>The platform did not report its firmware. Check that it runs the vendor&apos;s RavenAPI firmware.</source>
        <translation>平台未报告其固件。请检查它是否运行厂商的 RavenAPI 固件。</translation>
    </message>
    <message>
        <source>Platform: the axis check at this address, and when</source>
        <translation>平台：此地址的轴向检查及其时间</translation>
    </message>
    <message>
        <source>Run the axis check on every axis with the seat empty (Motion panel → Axis check…). A failed check holds the simulator&apos;s cues at neutral until every axis passes.</source>
        <translation>请在座椅无人时对每个轴运行轴向检查（运动平台面板 → 轴向检查…）。检查未通过时，模拟器运动提示将保持中立，直到每个轴都通过。</translation>
    </message>
    <message>
        <source>Platform: cue frame</source>
        <translation>平台：运动提示帧类型</translation>
    </message>
    <message>
        <source>Frame 5 leaves gravity&apos;s tilt to the platform&apos;s own cueing. Use frame 21 unless the platform&apos;s vendor says otherwise.</source>
        <translation>帧 5 把重力倾斜交给平台自身的运动提示处理。除非平台厂商另有说明，请使用帧 21。</translation>
    </message>
    <message>
        <source>Platform: transport delay, cue step to the seat moving</source>
        <translation>平台：传输延迟，从运动提示阶跃到座椅开始运动</translation>
    </message>
    <message>
        <source>The delay from a step at the program&apos;s input to the seat&apos;s first motion exceeds 150 ms (Part 60 Levels C and D) or 300 ms (Levels A and B). Check the network to the platform, the platform&apos;s own filters, and this PC&apos;s load.</source>
        <translation>从本程序输入端的阶跃到座椅首次运动的延迟超过 150 ms（Part 60 Level C 和 D）或 300 ms（Level A 和 B）。请检查到平台的网络、平台自身的滤波器以及本机负载。</translation>
    </message>
    <message>
        <source>RflySim: every requested sensor streaming</source>
        <translation>RflySim：每个已请求的传感器都在传输</translation>
    </message>
    <message>
        <source>A sensor sends no frames. Start RflySim3D, check --rflysim-window, that this edition offers the sensor, and the firewall for the sensor&apos;s port.</source>
        <translation>有传感器未发送数据帧。请启动 RflySim3D，检查 --rflysim-window、此版本是否提供该传感器，以及防火墙是否放行该传感器的端口。</translation>
    </message>
    <message>
        <source>RflySim: gimbal states per second</source>
        <translation>RflySim：每秒云台状态数</translation>
    </message>
    <message>
        <source>RflySim3D sends no gimbal state. Check that the scene has a gimbal camera and that its state port is open in the firewall.</source>
        <translation>RflySim3D 未发送云台状态。请检查场景中是否有云台相机，以及其状态端口是否已在防火墙中放行。</translation>
    </message>
    <message>
        <source>Pilot: device present and calibrated</source>
        <translation>飞行员：设备已连接并已校准</translation>
    </message>
    <message>
        <source>No calibrated pilot device. Plug it in and run the pilot set-up to the end (PX4 panel → Pilot → Set up…).</source>
        <translation>没有已校准的飞行员设备。请插入设备并完成飞行员设置的全部步骤（PX4 面板 → 飞行员 → 设置…）。</translation>
    </message>
    <message>
        <source>Pilot: a button mapped to STOP</source>
        <translation>飞行员：有按键映射到停止（STOP）</translation>
    </message>
    <message>
        <source>No button on the pilot&apos;s device is mapped to STOP. Map one in the pilot set-up so that the pilot can stop the platform without letting go.</source>
        <translation>飞行员设备上没有映射到停止（STOP）的按键。请在飞行员设置中映射一个，使飞行员无需松手即可停止平台。</translation>
    </message>
    <message>
        <source>This PC: the loop threads&apos; priority</source>
        <translation>本机：回路线程的优先级</translation>
    </message>
    <message>
        <source>The loop threads did not get their scheduling (Linux: a kernel older than 6.12 has no short time slices; Windows: the priority was refused). Expect more jitter; on Linux use a newer kernel.</source>
        <translation>回路线程未获得所需的调度（Linux：6.12 之前的内核没有短时间片；Windows：优先级请求被拒绝）。抖动会更大；在 Linux 上请使用更新的内核。</translation>
    </message>
    <message>
        <source>This PC: free space for the session folder</source>
        <translation>本机：会话文件夹的可用空间</translation>
    </message>
    <message>
        <source>Little space left for recordings (about 100 MB an hour). Free space or choose another folder with --log-dir.</source>
        <translation>记录空间不足（每小时约 100 MB）。请释放空间，或用 --log-dir 选择其他文件夹。</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Rig check</source>
        <translation>台架检查</translation>
    </message>
    <message>
        <source>window</source>
        <translation>观察时长</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>测量值</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>解决方法</translation>
    </message>
    <message>
        <source>Transport delay</source>
        <translation>传输延迟</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>结论：%1</translation>
    </message>
    <message>
        <source>Passed: %1 · warnings: %2 · failed: %3</source>
        <translation>通过：%1 · 警告：%2 · 失败：%3</translation>
    </message>
    <message>
        <source>Links checked</source>
        <translation>已检查的连接</translation>
    </message>
    <message>
        <source>built-in stand-in: its figures are no rig&apos;s</source>
        <translation>内置替身：其数值并非来自真实台架</translation>
    </message>
    <message>
        <source>Limits: %1 ms for Levels C and D, %2 ms for Levels A and B (14 CFR Part 60, Appendix A, Attachment 2, Table A2A).</source>
        <translation>限值：C、D 级 %1 ms，A、B 级 %2 ms（14 CFR Part 60，附录 A，附件 2，表 A2A）。</translation>
    </message>
</context>
<context>
    <name>RigCheckFigure</name>
    <message>
        <source>%1 Hz (per second %2-%3 Hz)</source>
        <translation>%1 Hz（每秒 %2–%3 Hz）</translation>
    </message>
    <message>
        <source>%1 s of physics in %2 s (%3 %), %4 stalls</source>
        <translation>%2 秒内仿真 %1 秒（%3 %），停顿 %4 次</translation>
    </message>
    <message>
        <source>injected</source>
        <translation>已接管</translation>
    </message>
    <message>
        <source>not injected</source>
        <translation>未接管</translation>
    </message>
    <message>
        <source>%1 channels, %2 readings/s</source>
        <translation>%1 个通道，每秒 %2 次读数</translation>
    </message>
    <message>
        <source>%1 steps/s (per second %2-%3)</source>
        <translation>每秒 %1 步（每秒 %2–%3）</translation>
    </message>
    <message>
        <source>%1 timeouts, %2 late answers, matched by %3</source>
        <translation>超时 %1 次，迟到应答 %2 次，按 %3 匹配</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>尚无应答</translation>
    </message>
    <message>
        <source>not answered: %1</source>
        <translation>未应答：%1</translation>
    </message>
    <message>
        <source>SYS_HITL %1, link in %2</source>
        <translation>SYS_HITL %1，链路为 %2</translation>
    </message>
    <message>
        <source>SYS_AUTOSTART %1</source>
        <translation>SYS_AUTOSTART %1</translation>
    </message>
    <message>
        <source>COM_RC_IN_MODE %1</source>
        <translation>COM_RC_IN_MODE %1</translation>
    </message>
    <message>
        <source>USB MAVLink %1 B/s (HIL needs more than %2 B/s), SYS_USB_AUTO %3</source>
        <translation>USB MAVLink %1 B/s（HIL 需要超过 %2 B/s），SYS_USB_AUTO %3</translation>
    </message>
    <message>
        <source>pre-arm checks pass</source>
        <translation>解锁前检查通过</translation>
    </message>
    <message>
        <source>not ready: no reason given</source>
        <translation>未就绪：未给出原因</translation>
    </message>
    <message>
        <source>not ready: %1</source>
        <translation>未就绪：%1</translation>
    </message>
    <message>
        <source>%1 replies/s</source>
        <translation>每秒 %1 次应答</translation>
    </message>
    <message>
        <source>status word 0x%1, motors OK</source>
        <translation>状态字 0x%1，电机正常</translation>
    </message>
    <message>
        <source>status word 0x%1, motor %2 not OK</source>
        <translation>状态字 0x%1，电机 %2 异常</translation>
    </message>
    <message>
        <source>hottest %1 °C, %2</source>
        <translation>最高 %1 °C，%2</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未进行</translation>
    </message>
    <message>
        <source>frame %1</source>
        <translation>坐标系 %1</translation>
    </message>
    <message>
        <source>not measured: no answer</source>
        <translation>未测量：无应答</translation>
    </message>
    <message>
        <source>not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <source>median %1 ms, worst %2 ms over %3 steps</source>
        <translation>中位数 %1 ms，最差 %2 ms，共 %3 步</translation>
    </message>
    <message>
        <source>%1 streaming</source>
        <translation>%1 个正在发送</translation>
    </message>
    <message>
        <source>%1 streaming; %2</source>
        <translation>%1 个正在发送；%2</translation>
    </message>
    <message>
        <source>%1 states/s</source>
        <translation>每秒 %1 个状态</translation>
    </message>
    <message>
        <source>not calibrated: %1</source>
        <translation>未校准：%1</translation>
    </message>
    <message>
        <source>no device</source>
        <translation>无设备</translation>
    </message>
    <message>
        <source>mapped</source>
        <translation>已映射</translation>
    </message>
    <message>
        <source>not mapped</source>
        <translation>未映射</translation>
    </message>
    <message>
        <source>%1 GB free</source>
        <translation>剩余 %1 GB</translation>
    </message>
</context>
<context>
    <name>hil::AxisCheckDialog</name>
    <message>
        <source>Axis check</source>
        <translation>轴向检查</translation>
    </message>
    <message>
        <source>With the platform in CUEING: pick an axis, run its test cue, and say which way the seat moved.</source>
        <translation>平台处于运动提示（CUEING）时：选择一个轴，运行其测试运动提示，并说明座椅向哪个方向运动。</translation>
    </message>
    <message>
        <source>Surge (expected: forward)</source>
        <translation>纵向（预期：向前）</translation>
    </message>
    <message>
        <source>Sway (expected: to the left)</source>
        <translation>横向（预期：向左）</translation>
    </message>
    <message>
        <source>Heave (expected: up)</source>
        <translation>垂向（预期：向上）</translation>
    </message>
    <message>
        <source>Roll (expected: right side down)</source>
        <translation>横滚（预期：右侧向下）</translation>
    </message>
    <message>
        <source>Pitch (expected: nose down)</source>
        <translation>俯仰（预期：机头向下）</translation>
    </message>
    <message>
        <source>Yaw (expected: nose to the left)</source>
        <translation>偏航（预期：机头向左）</translation>
    </message>
    <message>
        <source>Run test cue</source>
        <translation>运行测试运动提示</translation>
    </message>
    <message>
        <source>Moved as expected</source>
        <translation>按预期运动</translation>
    </message>
    <message>
        <source>Moved the other way</source>
        <translation>向相反方向运动</translation>
    </message>
    <message>
        <source>Did not move</source>
        <translation>未运动</translation>
    </message>
    <message>
        <source>The motion platform link is not running.</source>
        <translation>运动平台连接未运行。</translation>
    </message>
    <message>
        <source>Test cue running…</source>
        <translation>测试运动提示进行中…</translation>
    </message>
    <message>
        <source>No test cue (the platform must be in CUEING and not stopped), or STOP cancelled it.</source>
        <translation>没有测试运动提示（平台必须处于运动提示（CUEING）且未停止），或已被停止取消。</translation>
    </message>
    <message>
        <source>Reported pose change: %1 mm</source>
        <translation>反馈的位姿变化：%1 mm</translation>
    </message>
    <message>
        <source>Reported pose change: %1°</source>
        <translation>反馈的位姿变化：%1°</translation>
    </message>
    <message>
        <source>A %1 test cue moved %2: the platform reads the axes differently. The test cue was ramped out; simulator cues stay at neutral for this platform until every axis passes the check.</source>
        <translation>%1测试运动提示使%2发生了运动：平台对各轴的解读不同。测试运动提示已渐出；在每个轴都通过检查之前，该平台的模拟器运动提示保持中立。</translation>
    </message>
    <message>
        <source>%1 (no axis moved above its noise)</source>
        <translation>%1（没有任何轴的运动超过其噪声）</translation>
    </message>
    <message>
        <source>Procedure step 2, the checks with the seat empty: a small test cue will move the seat on one axis for about a second. Is the seat empty and the area clear?</source>
        <translation>流程第 2 步，座椅无人时的检查：一个小的测试信号将使座椅沿一个轴运动约一秒。座椅是否无人、周围区域是否清空？</translation>
    </message>
</context>
<context>
    <name>hil::AxisCheckNotices</name>
    <message>
        <source>surge</source>
        <translation>纵向</translation>
    </message>
    <message>
        <source>sway</source>
        <translation>横向</translation>
    </message>
    <message>
        <source>heave</source>
        <translation>垂向</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>横滚</translation>
    </message>
    <message>
        <source>pitch</source>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>yaw</source>
        <translation>偏航</translation>
    </message>
    <message>
        <source>a %1 test cue moved %2: the platform reads the axes differently</source>
        <translation>%1测试运动提示使%2发生了运动：平台对各轴的解读不同</translation>
    </message>
    <message>
        <source>the last axis check of this platform failed</source>
        <translation>该平台上次的轴向检查未通过</translation>
    </message>
    <message>
        <source>Simulator cues held at neutral: %1. The seat stays still, also in CUEING, until every axis passes the axis check.</source>
        <translation>模拟器运动提示保持中立：%1。在每个轴都通过轴向检查之前，座椅保持静止，即使处于运动提示（CUEING）。</translation>
    </message>
    <message>
        <source>Frame 5 sends +1 g in heave from its first frame: a platform that reads the words in another order (Iris&apos;s C# sample puts roll before heave) takes it as a large roll acceleration. %1 Run the axis check with frame 21 first.</source>
        <translation>帧 5 从第一帧起就在垂向带有 +1 g：按其他顺序读取各字的平台（Iris 的 C# 示例把横滚放在垂向之前）会把它当作很大的横滚加速度。%1请先用帧 21 运行轴向检查。</translation>
    </message>
    <message>
        <source>This platform has not passed the axis check on every axis.</source>
        <translation>该平台尚未在每个轴上通过轴向检查。</translation>
    </message>
    <message>
        <source>No motion link is running, so no check result is known.</source>
        <translation>运动平台连接未运行，因此不知道检查结果。</translation>
    </message>
</context>
<context>
    <name>hil::CueingEditor</name>
    <message>
        <source>Axis check…</source>
        <translation>轴向检查…</translation>
    </message>
    <message>
        <source>Commissioning: a small test cue per axis; say which way the seat moved</source>
        <translation>调试：每个轴一个小的测试运动提示；说明座椅向哪个方向运动</translation>
    </message>
    <message>
        <source>Cueing settings</source>
        <translation>运动提示设置</translation>
    </message>
    <message>
        <source>5: specific force and angular acceleration</source>
        <translation>5：比力和角加速度</translation>
    </message>
    <message>
        <source>21: acceleration, angular acceleration and angles</source>
        <translation>21：加速度、角加速度和角度</translation>
    </message>
    <message>
        <source>85: as 21 with gravity</source>
        <translation>85：同 21，含重力</translation>
    </message>
    <message>
        <source>Frame type</source>
        <translation>帧类型</translation>
    </message>
    <message>
        <source>Master gain</source>
        <translation>总增益</translation>
    </message>
    <message>
        <source>Axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>增益</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Smoothing τ (s)</source>
        <translation>平滑 τ (s)</translation>
    </message>
    <message>
        <source>Rate limit</source>
        <translation>速率限制</translation>
    </message>
    <message>
        <source>Limit (SI, 0 = platform)</source>
        <translation>限幅（SI，0 = 平台默认）</translation>
    </message>
    <message>
        <source>Surge</source>
        <translation>纵向</translation>
    </message>
    <message>
        <source>Sway</source>
        <translation>横向</translation>
    </message>
    <message>
        <source>Heave</source>
        <translation>垂向</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>横滚</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>偏航</translation>
    </message>
    <message>
        <source>Roll angle</source>
        <translation>横滚角</translation>
    </message>
    <message>
        <source>Pitch angle</source>
        <translation>俯仰角</translation>
    </message>
    <message>
        <source>Apply to platform</source>
        <translation>应用到平台</translation>
    </message>
    <message>
        <source>Export cueing settings…</source>
        <translation>导出运动提示设置…</translation>
    </message>
    <message>
        <source>Save the settings shown here as a file (cueing.json) for hilstation --dry-run --cueing FILE</source>
        <translation>将此处显示的设置保存为文件 (cueing.json)，供 hilstation --dry-run --cueing FILE 使用</translation>
    </message>
    <message>
        <source>Import cueing settings…</source>
        <translation>导入运动提示设置…</translation>
    </message>
    <message>
        <source>Load settings from a file into this editor; the platform gets them only when you press &quot;Apply to platform&quot;</source>
        <translation>从文件加载设置到此编辑器；只有按下“应用到平台”后平台才会收到</translation>
    </message>
</context>
<context>
    <name>hil::CueingFileActions</name>
    <message>
        <source>Export cueing settings</source>
        <translation>导出运动提示设置</translation>
    </message>
    <message>
        <source>Cueing settings (*.json)</source>
        <translation>运动提示设置 (*.json)</translation>
    </message>
    <message>
        <source>Cueing settings not exported: cannot write %1: %2</source>
        <translation>运动提示设置未导出：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Import cueing settings</source>
        <translation>导入运动提示设置</translation>
    </message>
    <message>
        <source>Cueing settings (*.json);;All files (*)</source>
        <translation>运动提示设置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cueing settings not imported: %1</source>
        <translation>运动提示设置未导入：%1</translation>
    </message>
</context>
<context>
    <name>hil::DryRunPanel</name>
    <message>
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <source>Recording or manoeuvre</source>
        <translation>记录或机动</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>打开记录…</translation>
    </message>
    <message>
        <source>A session&apos;s state.csv or a .tlog</source>
        <translation>会话的 state.csv 或 .tlog</translation>
    </message>
    <message>
        <source>This session</source>
        <translation>本会话</translation>
    </message>
    <message>
        <source>Replay&apos;s recording</source>
        <translation>回放的记录</translation>
    </message>
    <message>
        <source>Open a recording</source>
        <translation>打开记录</translation>
    </message>
    <message>
        <source>Recordings (state.csv *.csv *.tlog);;All files (*)</source>
        <translation>记录 (state.csv *.csv *.tlog);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Dry run: the Replay panel has no recording open.</source>
        <translation>试运行：回放面板没有打开记录。</translation>
    </message>
    <message>
        <source>Cueing settings</source>
        <translation>运动提示设置</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>增益</translation>
    </message>
    <message>
        <source>Low-pass (s)</source>
        <translation>低通 (s)</translation>
    </message>
    <message>
        <source>Limit (0 = platform&apos;s)</source>
        <translation>限值 (0 = 平台的)</translation>
    </message>
    <message>
        <source>From Motion panel</source>
        <translation>取自运动平台面板</translation>
    </message>
    <message>
        <source>Apply to platform</source>
        <translation>应用到平台</translation>
    </message>
    <message>
        <source>Asks first; refused while the platform is CUEING</source>
        <translation>先询问；平台处于 CUEING 时拒绝</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Dry run: %1</source>
        <translation>试运行：%1</translation>
    </message>
    <message>
        <source>%1: %2 frames, %3 s</source>
        <translation>%1：%2 帧，%3 s</translation>
    </message>
    <message>
        <source>Not applied: the motion platform link is not running.</source>
        <translation>未应用：运动平台连接未运行。</translation>
    </message>
    <message>
        <source>Refused: the platform is CUEING. Park it (LEVEL BRAKE) first.</source>
        <translation>已拒绝：平台处于 CUEING。请先停放 (LEVEL BRAKE)。</translation>
    </message>
    <message>
        <source>Send these cueing settings to the motion platform link? The Motion panel shows them too.</source>
        <translation>将这些运动提示设置发送到运动平台连接？运动平台面板也会显示它们。</translation>
    </message>
    <message>
        <source>Not applied.</source>
        <translation>未应用。</translation>
    </message>
    <message>
        <source>Applied to the platform link.</source>
        <translation>已应用到平台连接。</translation>
    </message>
    <message>
        <source>&amp;Master gain</source>
        <translation>总增益(&amp;M)</translation>
    </message>
    <message>
        <source>Scales every axis&apos;s cue, angles included: the Motion panel&apos;s master gain. 0.3 for a first ride.</source>
        <translation>按比例缩放每个轴的运动提示（含角度）：即运动平台面板的总增益。首次乘坐用 0.3。</translation>
    </message>
    <message>
        <source>Use this platform&apos;s model…</source>
        <translation>使用本平台的模型…</translation>
    </message>
    <message>
        <source>A platform model file, normally one measured on this platform (hilstation --platform-identify)</source>
        <translation>平台模型文件，通常是在本平台上测得的（hilstation --platform-identify）</translation>
    </message>
    <message>
        <source>Assumed model</source>
        <translation>假设模型</translation>
    </message>
    <message>
        <source>Open a platform model</source>
        <translation>打开平台模型</translation>
    </message>
    <message>
        <source>Platform models (*.json)</source>
        <translation>平台模型 (*.json)</translation>
    </message>
    <message>
        <source>Dry run: this platform model cannot be used: %1. The model in use is unchanged.</source>
        <translation>试运行：此平台模型无法使用：%1。当前使用的模型保持不变。</translation>
    </message>
    <message>
        <source>Platform model: measured on this platform %1 (%2). Tested on stand-ins only.</source>
        <translation>平台模型：于 %1 在本平台上测得（%2）。仅在替身上验证过。</translation>
    </message>
    <message>
        <source>Platform model: %1, not measured on the platform: its washout is as written in the file.</source>
        <translation>平台模型：%1，未在平台上测量：其洗出参数按文件所写。</translation>
    </message>
    <message>
        <source>Platform model: assumed. Its washout is a guess until the platform has been measured; the limit hits and the score depend on it.</source>
        <translation>平台模型：假设。在平台测量之前，其洗出参数只是估计；限位命中和评分都取决于它。</translation>
    </message>
</context>
<context>
    <name>hil::DryRunResultsView</name>
    <message>
        <source>Score</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>nRMSE</source>
        <translation>nRMSE</translation>
    </message>
    <message>
        <source>r</source>
        <translation>r</translation>
    </message>
    <message>
        <source>False cues (n · θ·s)</source>
        <translation>错误提示 (n · θ·s)</translation>
    </message>
    <message>
        <source>End-stop hits</source>
        <translation>触及端点次数</translation>
    </message>
    <message>
        <source>This axis&apos;s score: 1 − its perception error over a still seat&apos;s (1 is perfect, 0 no better than sitting still, below 0 worse)</source>
        <translation>该轴得分：1 − 其感知误差与静止座椅误差之比（1 为完美，0 与静坐无异，低于 0 更差）</translation>
    </message>
    <message>
        <source>Root-mean-square error between what the rider and the pilot feel, over the pilot&apos;s range (0 is perfect)</source>
        <translation>乘员与飞行员感受之差的均方根误差，按飞行员的范围归一化（0 为完美）</translation>
    </message>
    <message>
        <source>Correlation between what the rider and the pilot feel (1: same shape, 0: none, below 0: opposite)</source>
        <translation>乘员与飞行员感受之间的相关系数（1：形状相同，0：无关，低于 0：相反）</translation>
    </message>
    <message>
        <source>False cues: how often the rider feels a motion the pilot does not, or the opposite one, above the perception threshold (tilt included); then their weight, in thresholds × seconds</source>
        <translation>错误提示：乘员在感知阈值以上感到飞行员没有的运动或相反运动的次数（含倾斜）；其后为其权重，单位为阈值 × 秒</translation>
    </message>
    <message>
        <source>Times this axis reaches its end stop; the actuators&apos; stroke hits are in the line above</source>
        <translation>该轴触及其端点的次数；执行器行程触限见上方一行</translation>
    </message>
    <message>
        <source>Score %1%2 of 100 · limit hits %3%4: %5 at an axis&apos;s end stop, %6 at an actuator&apos;s stroke</source>
        <translation>得分 %1%2 / 100 · 触限 %3%4 次：%5 次在轴端点，%6 次在执行器行程</translation>
    </message>
    <message>
        <source>Before the suggestion: score %1, limit hits %2</source>
        <translation>采用建议前：得分 %1，触限 %2 次</translation>
    </message>
    <message>
        <source>(from the 50 Hz preview; the full-rate figures follow)</source>
        <translation>（来自 50 Hz 预览；全速率数值随后给出）</translation>
    </message>
    <message>
        <source>Score: how well the rider&apos;s felt motion follows the pilot&apos;s, 0 to 100 (100 · the skill %1 over a still seat, which scores 0). Limit hits: times the platform reaches an end of its travel; the table&apos;s column counts the axes&apos;, the plot marks both. Figures at the model&apos;s full rate, as report.json and the settings search give them; the plots come from a 50 Hz preview.</source>
        <translation>得分：乘员感受到的运动跟随飞行员运动的程度，0 到 100（100 · 相对静止座椅的技巧值 %1，静止座椅得 0）。触限：平台到达行程尽头的次数；表格列只计轴端点，图中两者都标出。数值按模型全速率计算，与 report.json 和设置搜索一致；图来自 50 Hz 预览。</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>未使用</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>aircraft (pilot)</source>
        <translation>飞机（飞行员）</translation>
    </message>
    <message>
        <source>platform (rider)</source>
        <translation>平台（乘员）</translation>
    </message>
    <message>
        <source>travel (the platform&apos;s envelope)</source>
        <translation>行程（平台的运动包络）</translation>
    </message>
    <message>
        <source>platform&apos;s pose</source>
        <translation>平台姿态</translation>
    </message>
    <message>
        <source>platform before the suggestion</source>
        <translation>建议前的平台</translation>
    </message>
    <message>
        <source>pose before the suggestion</source>
        <translation>采用建议前的姿态</translation>
    </message>
    <message>
        <source>this axis at its end stop</source>
        <translation>该轴处于端点</translation>
    </message>
    <message>
        <source>an actuator at its stroke</source>
        <translation>执行器处于行程极限</translation>
    </message>
    <message>
        <source>perceived (m/s²)</source>
        <translation>感知 (m/s²)</translation>
    </message>
    <message>
        <source>perceived (°/s)</source>
        <translation>感知 (°/s)</translation>
    </message>
    <message>
        <source>pose (mm)</source>
        <translation>位姿 (mm)</translation>
    </message>
    <message>
        <source>pose (°)</source>
        <translation>位姿 (°)</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
</context>
<context>
    <name>hil::DryRunSearchBox</name>
    <message>
        <source>Suggest settings</source>
        <translation>建议设置</translation>
    </message>
    <message>
        <source>Recordings the search covers besides the open one</source>
        <translation>除已打开的记录外，搜索还包含的记录</translation>
    </message>
    <message>
        <source>Add the open recording</source>
        <translation>添加已打开的记录</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Use suggestion</source>
        <translation>采用建议</translation>
    </message>
    <message>
        <source>The search covers the open recording and those in the list.</source>
        <translation>搜索包含已打开的记录和列表中的记录。</translation>
    </message>
    <message>
        <source>Over the open recording.</source>
        <translation>基于已打开的记录。</translation>
    </message>
    <message>
        <source>Over %1 recordings.</source>
        <translation>基于 %1 个记录。</translation>
    </message>
    <message>
        <source>Cancelled; the best so far.</source>
        <translation>已取消；目前最佳。</translation>
    </message>
    <message>
        <source>Still seat</source>
        <translation>静止座椅</translation>
    </message>
    <message>
        <source>Current settings</source>
        <translation>当前设置</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>技能分</translation>
    </message>
    <message>
        <source>Limit hits</source>
        <translation>触限</translation>
    </message>
    <message>
        <source>No setting tried beats a still seat: the suggestion is master gain 0.</source>
        <translation>尝试过的设置都不优于静止座椅：建议为总增益 0。</translation>
    </message>
    <message>
        <source>Nothing found beats the current settings.</source>
        <translation>未找到优于当前设置的结果。</translation>
    </message>
    <message>
        <source>%1 %2 Before: score %L3, %4 limit hits. Suggested: score %L5, %6 limit hits (%7 evaluations, seed %8); %L9 points above the still seat, %L10 above the current settings. %11</source>
        <translation>%1 %2 之前：得分 %L3，触限 %4 次。建议：得分 %L5，触限 %6 次（%7 次评估，种子 %8）；比静止座椅高 %L9 分，比当前设置高 %L10 分。%11</translation>
    </message>
</context>
<context>
    <name>hil::DryRunSourceTitle</name>
    <message>
        <source>Coordinated turn</source>
        <translation>协调转弯</translation>
    </message>
    <message>
        <source>Take-off</source>
        <translation>起飞</translation>
    </message>
    <message>
        <source>Landing</source>
        <translation>降落</translation>
    </message>
    <message>
        <source>Catapult launch</source>
        <translation>弹射起飞</translation>
    </message>
    <message>
        <source>OMCT test, %1</source>
        <translation>OMCT 测试，%1</translation>
    </message>
</context>
<context>
    <name>hil::GimbalPanel</name>
    <message>
        <source>No camera image</source>
        <translation>无相机图像</translation>
    </message>
    <message>
        <source>The RflySim link is not running (start with --rflysim or --emulate rflysim).</source>
        <translation>RflySim 链路未运行（请用 --rflysim 或 --emulate rflysim 启动）。</translation>
    </message>
    <message>
        <source>Gimbal</source>
        <translation>云台</translation>
    </message>
    <message>
        <source>Gimbal control</source>
        <translation>云台控制</translation>
    </message>
    <message>
        <source>Rate mode (sliders and pad set °/s)</source>
        <translation>速率模式（滑块和触控板设定 °/s）</translation>
    </message>
    <message>
        <source>Drag: left/right = yaw, up/down = pitch</source>
        <translation>拖动：左右 = 偏航，上下 = 俯仰</translation>
    </message>
    <message>
        <source>Center</source>
        <translation>回中</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Laser ranging</source>
        <translation>激光测距</translation>
    </message>
    <message>
        <source>Visible (RGB)</source>
        <translation>可见光 (RGB)</translation>
    </message>
    <message>
        <source>Thermal heat map</source>
        <translation>热成像</translation>
    </message>
    <message>
        <source>Infrared grey</source>
        <translation>红外灰度</translation>
    </message>
    <message>
        <source>AI select all</source>
        <translation>AI 全选</translation>
    </message>
    <message>
        <source>Box-select every target; click the camera image to select one</source>
        <translation>框选所有目标；点击相机图像选择单个目标</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>偏航</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>变焦</translation>
    </message>
    <message>
        <source>Focal length</source>
        <translation>焦距</translation>
    </message>
    <message>
        <source>Track target (copter id)</source>
        <translation>跟踪目标（飞机 ID）</translation>
    </message>
    <message>
        <source>Light source</source>
        <translation>光源</translation>
    </message>
    <message>
        <source>Commanded</source>
        <translation>指令值</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>反馈值</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>相机</translation>
    </message>
    <message>
        <source>Sensors</source>
        <translation>传感器</translation>
    </message>
    <message>
        <source>LiDAR: no frame</source>
        <translation>LiDAR：无数据帧</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>STALE (no gimbal state, %1 times)</source>
        <translation>过期（无云台状态，%1 次）</translation>
    </message>
    <message>
        <source>Focal length; shows the camera&apos;s reported value once it answers</source>
        <translation>焦距；相机应答后显示其报告的数值</translation>
    </message>
    <message>
        <source>, focal %L1 mm</source>
        <translation>，焦距 %L1 mm</translation>
    </message>
    <message>
        <source>pitch %L1%3, yaw %L2%3</source>
        <translation>俯仰 %L1%3，偏航 %L2%3</translation>
    </message>
    <message>
        <source>pitch %L1°, yaw %L2°, roll %L3°, focal %L4 mm</source>
        <translation>俯仰 %L1°，偏航 %L2°，横滚 %L3°，焦距 %L4 mm</translation>
    </message>
    <message>
        <source>FOV %L1° (reported), range %L2 m</source>
        <translation>视场角 %L1°（报告值），距离 %L2 m</translation>
    </message>
    <message numerus="yes">
        <source>LiDAR: %Ln points</source>
        <translation>
            <numerusform>LiDAR：%Ln 个点</numerusform>
        </translation>
    </message>
    <message>
        <source>, FOV %L1°</source>
        <translation>，视场角 %L1°</translation>
    </message>
</context>
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
    <name>hil::InstructorWindow</name>
    <message>
        <source>HIL Station — lab instructor (%1)</source>
        <translation>HIL Station — 教员台 (%1)</translation>
    </message>
    <message>
        <source>STOP ALL</source>
        <translation>全部停止</translation>
    </message>
    <message>
        <source>Lab: %1</source>
        <translation>实验室：%1</translation>
    </message>
    <message>
        <source>Broker: %1 — %2 rigs, %3 online</source>
        <translation>代理：%1 — %2 个台架，%3 个在线</translation>
    </message>
    <message>
        <source>Click a rig to plot its altitude and airspeed</source>
        <translation>点击台架以绘制其高度和空速</translation>
    </message>
    <message>
        <source>Altitude (m)</source>
        <translation>高度 (m)</translation>
    </message>
    <message>
        <source>Airspeed (m/s)</source>
        <translation>空速 (m/s)</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <source>%1: altitude and airspeed</source>
        <translation>%1：高度和空速</translation>
    </message>
</context>
<context>
    <name>hil::LabSettingsDialog</name>
    <message>
        <source>Lab settings</source>
        <translation>实验室设置</translation>
    </message>
    <message>
        <source>Broker (mqtt:// or mqtts://)</source>
        <translation>代理 (mqtt:// 或 mqtts://)</translation>
    </message>
    <message>
        <source>Rig name</source>
        <translation>台架名称</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Password file</source>
        <translation>密码文件</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA 证书</translation>
    </message>
    <message>
        <source>Client certificate</source>
        <translation>客户端证书</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>客户端密钥</translation>
    </message>
    <message>
        <source>State rate</source>
        <translation>状态速率</translation>
    </message>
    <message>
        <source>The password is read from its file when the lab connects; it is never stored here. Applied at the next start.</source>
        <translation>连接时从文件读取密码，此处从不保存密码。下次启动时生效。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Broker: %1</source>
        <translation>代理：%1</translation>
    </message>
    <message>
        <source>Rig name: 1 to 64 of A-Z a-z 0-9 _ -</source>
        <translation>台架名称：1 到 64 个 A-Z a-z 0-9 _ - 字符</translation>
    </message>
    <message>
        <source>No broker is set: give --lab, or enter one in View → Lab settings….</source>
        <translation>未设置代理：请给出 --lab，或在 视图 → 实验室设置… 中填写。</translation>
    </message>
</context>
<context>
    <name>hil::LinkManager</name>
    <message>
        <source>%1: the station is not running</source>
        <translation>%1：工作站未运行</translation>
    </message>
    <message>
        <source>no link named %1</source>
        <translation>没有名为 %1 的连接</translation>
    </message>
    <message>
        <source>%1 is still stopping; connect again once it shows stopped</source>
        <translation>%1 仍在停止中；显示已停止后再连接</translation>
    </message>
    <message>
        <source>no emulator named %1</source>
        <translation>没有名为 %1 的仿真器</translation>
    </message>
    <message>
        <source>replay: the station is not running</source>
        <translation>回放：工作站未运行</translation>
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
        <source>stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
<context>
    <name>hil::LinkTitle</name>
    <message>
        <source>RealFlight</source>
        <translation>RealFlight</translation>
    </message>
    <message>
        <source>PX4</source>
        <translation>PX4</translation>
    </message>
    <message>
        <source>PX4 ground station</source>
        <translation>PX4 地面站</translation>
    </message>
    <message>
        <source>Motion platform</source>
        <translation>运动平台</translation>
    </message>
    <message>
        <source>RflySim</source>
        <translation>RflySim</translation>
    </message>
    <message>
        <source>Lab broker</source>
        <translation>实验室代理</translation>
    </message>
    <message>
        <source>Pilot input</source>
        <translation>飞行员输入</translation>
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
    <message>
        <source>The peer&apos;s address in use (the built-in emulator&apos;s real port when emulated); type another one while the link is stopped, then Connect</source>
        <translation>正在使用的对端地址（仿真时为内置仿真器的实际端口）；链路停止时可输入其他地址，然后点击连接</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>%1 · sensors %2/%3</source>
        <comment>link state · sensors streaming/requested</comment>
        <translation>%1 · 传感器 %2/%3</translation>
    </message>
    <message>
        <source>%1 of %2 requested sensors streaming</source>
        <translation>已请求的 %2 个传感器中有 %1 个在传输</translation>
    </message>
    <message>
        <source>streaming</source>
        <translation>传输中</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>已静默</translation>
    </message>
    <message>
        <source>requested, no frame yet</source>
        <translation>已请求，尚无数据帧</translation>
    </message>
    <message>
        <source>SeqID %1, TypeID %2, port %3: %4 (%5 frames, %6 requests)</source>
        <translation>SeqID %1，TypeID %2，端口 %3：%4（%5 帧，%6 次请求）</translation>
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
        <source>No links running</source>
        <translation>没有运行中的链路</translation>
    </message>
    <message>
        <source>%1: not an address: %2</source>
        <translation>%1：不是有效地址：%2</translation>
    </message>
    <message>
        <source>Quit while the platform moves?</source>
        <translation>平台运动时退出？</translation>
    </message>
    <message>
        <source>The motion platform is in %1. Quitting ramps the cues to neutral and parks it in LEVEL BRAKE. Quit now?</source>
        <translation>运动平台处于%1。退出时运动提示将渐变回中位，平台停放在水平制动（LEVEL BRAKE）。现在退出？</translation>
    </message>
    <message>
        <source>CUEING</source>
        <translation>运动提示（CUEING）</translation>
    </message>
    <message>
        <source>LOADING</source>
        <translation>上下乘员（LOADING）</translation>
    </message>
    <message>
        <source>Parking the motion platform before quitting…</source>
        <translation>退出前正在停放运动平台…</translation>
    </message>
    <message>
        <source>Closing the links…</source>
        <translation>正在关闭连接…</translation>
    </message>
    <message>
        <source>%1. What to do: %2</source>
        <translation>%1。处理方法：%2</translation>
    </message>
</context>
<context>
    <name>hil::MeasureDialog</name>
    <message>
        <source>Measure the platform</source>
        <translation>测量平台</translation>
    </message>
    <message>
        <source>Moves the platform, one axis after the other, with a designed motion that reveals how it answers its cues, then writes the platform&apos;s model into the session folder for the dry run. About %1 min with the seat empty and the platform in CUEING; STOP ends it at any time.</source>
        <translation>逐轴移动平台，用专门设计的运动揭示它如何响应运动指令，然后把平台模型写入会话文件夹供试运行使用。约 %1 分钟，座椅无人且平台处于 CUEING；随时可按停止结束。</translation>
    </message>
    <message>
        <source>&amp;Start measuring</source>
        <translation>开始测量(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Use in the dry run</source>
        <translation>用于试运行(&amp;U)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>The measurement moves the platform on every axis for about %1 min. Only with the seat empty and the area clear.</source>
        <translation>测量将在每个轴上移动平台约 %1 分钟。仅在座椅无人且区域无人时进行。</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>尚未开始。</translation>
    </message>
    <message>
        <source>Handing the seat over from the simulator; %1 left.</source>
        <translation>正在从模拟器接管座椅；剩余 %1。</translation>
    </message>
    <message>
        <source>Axis %1 of 6 (%2); %3 left.</source>
        <translation>第 %1 轴，共 6 轴（%2）；剩余 %3。</translation>
    </message>
    <message>
        <source>Measured: every axis. The platform&apos;s cues ramp back in.</source>
        <translation>已测量：全部轴。平台运动指令正在恢复。</translation>
    </message>
    <message>
        <source>Not started: %1.</source>
        <translation>未开始：%1。</translation>
    </message>
    <message>
        <source>Stopped after %1 of 6 axes: %2.</source>
        <translation>在 6 个轴中完成 %1 个后停止：%2。</translation>
    </message>
    <message>
        <source>Identifying the platform&apos;s model from what was measured…</source>
        <translation>正在根据测量结果辨识平台模型…</translation>
    </message>
    <message>
        <source>No model written: %1</source>
        <translation>未写入模型：%1</translation>
    </message>
    <message>
        <source>Model written: %1
Identified: %2. Kept as assumed (not excited enough): %3.%4</source>
        <translation>模型已写入：%1
已辨识：%2。保持假设值（激励不足）：%3。%4</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The measurement did not finish: this model is partial.</source>
        <translation>测量未完成：此模型不完整。</translation>
    </message>
    <message>
        <source>Open the page</source>
        <translation>打开页面</translation>
    </message>
    <message>
        <source>No program on this desktop opens the page. It is:
%1</source>
        <translation>此桌面上没有程序能打开该页面。它位于：
%1</translation>
    </message>
    <message>
        <source>The platform&apos;s model, for the dry run (about %1 min)</source>
        <translation>平台模型，供试运行使用（约 %1 分钟）</translation>
    </message>
    <message>
        <source>The OMCT&apos;s ten tests, measured beside the prediction (about %1 min)</source>
        <translation>OMCT 的十项测试，与预测并列测量（约 %1 分钟）</translation>
    </message>
    <message>
        <source>Moves the platform through the cueing with the aircraft&apos;s motion on each input axis in turn (twelve frequencies at once), then writes each test&apos;s measured gain and phase beside what the dry run predicts, with a page to read, into the session folder. About %1 min with the seat empty and the platform in CUEING; STOP ends it at any time.</source>
        <translation>通过体感提示依次在每个输入轴上以飞行器的运动驱动平台（同时十二个频率），然后把每项测试测得的增益和相位与试运行的预测并列写入会话文件夹，并附一份可阅读的页面。座椅空置、平台处于 CUEING 时约 %1 分钟；STOP 可随时结束。</translation>
    </message>
    <message>
        <source>&amp;Open the page</source>
        <translation>打开页面(&amp;O)</translation>
    </message>
    <message>
        <source>Input %1 of 6 (the aircraft&apos;s %2); %3 left.</source>
        <translation>输入 %1/6（飞行器的%2）；剩余 %3。</translation>
    </message>
    <message>
        <source>Measured: every input. The platform&apos;s cues ramp back in.</source>
        <translation>已测量：全部输入。平台的体感提示逐渐恢复。</translation>
    </message>
    <message>
        <source>Stopped after %1 of 6 inputs: %2.</source>
        <translation>在 6 个输入中的第 %1 个之后停止：%2。</translation>
    </message>
    <message>
        <source>Working out each test&apos;s gain and phase from what was measured…</source>
        <translation>正在根据测量结果计算每项测试的增益和相位…</translation>
    </message>
    <message>
        <source>No results written: %1. Choose a session folder that can be written (Session panel) and measure again.</source>
        <translation>未写入结果：%1。请选择可写入的会话文件夹（会话面板）后重新测量。</translation>
    </message>
    <message>
        <source>Measured %1 of 10 tests.</source>
        <translation>已测量 10 项测试中的 %1 项。</translation>
    </message>
    <message>
        <source>The measurement did not finish: these results are partial.</source>
        <translation>测量未完成：这些结果不完整。</translation>
    </message>
    <message>
        <source>The recording paused on %1: the platform did not get the motion as designed there. Measure again with nothing else running on the PC.</source>
        <translation>记录在%1上出现中断：平台在那里没有得到设计的运动。请在电脑上不运行其他程序时重新测量。</translation>
    </message>
    <message>
        <source>No test agrees with itself between its two periods: the results say nothing. Check that the platform follows its cues (rig check), then measure again.</source>
        <translation>没有一项测试在其两个周期之间保持一致：结果没有意义。请检查平台是否跟随其体感提示（台架检查），然后重新测量。</translation>
    </message>
    <message>
        <source>The OMCT&apos;s page: %1
%2</source>
        <translation>OMCT 页面：%1
%2</translation>
    </message>
    <message>
        <source>The plots could not be written (%1): the page shows the figures without them.</source>
        <translation>无法写入图表（%1）：页面仅显示数值，不含图表。</translation>
    </message>
</context>
<context>
    <name>hil::MotionPanel</name>
    <message>
        <source>Start cueing</source>
        <translation>开始运动提示</translation>
    </message>
    <message>
        <source>The motion platform link is not running (start with --raven or --emulate raven).</source>
        <translation>运动平台链路未运行（请用 --raven 或 --emulate raven 启动）。</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Zero the cues and brake the platform (Esc)</source>
        <translation>清零运动提示并制动平台 (Esc)</translation>
    </message>
    <message>
        <source>Motion platform</source>
        <translation>运动平台</translation>
    </message>
    <message>
        <source>Platform status</source>
        <translation>平台状态</translation>
    </message>
    <message>
        <source>Motor %1</source>
        <translation>电机 %1</translation>
    </message>
    <message>
        <source>Motors OK</source>
        <translation>电机正常</translation>
    </message>
    <message>
        <source>Mode (reported)</source>
        <translation>模式（反馈）</translation>
    </message>
    <message>
        <source>Thermal</source>
        <translation>热状态</translation>
    </message>
    <message>
        <source>Status word</source>
        <translation>状态字</translation>
    </message>
    <message>
        <source>Frames sent / received</source>
        <translation>已发送 / 已接收帧</translation>
    </message>
    <message>
        <source>Temperatures</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Firmware</source>
        <translation>固件</translation>
    </message>
    <message>
        <source>Watchdog</source>
        <translation>看门狗</translation>
    </message>
    <message>
        <source>Mode request</source>
        <translation>模式请求</translation>
    </message>
    <message>
        <source>Ask the platform for %1; the button lights when the platform reports it</source>
        <translation>向平台请求 %1；平台反馈该模式后按钮点亮</translation>
    </message>
    <message>
        <source>Pose (reported by the platform)</source>
        <translation>位姿（平台反馈）</translation>
    </message>
    <message>
        <source>The link sends acceleration and angle cues; it exposes no commanded pose, so only the platform&apos;s report is shown.</source>
        <translation>链路发送的是加速度和角度提示，不提供指令位姿，因此只显示平台的反馈。</translation>
    </message>
    <message>
        <source>Surge</source>
        <translation>纵向</translation>
    </message>
    <message>
        <source>Sway</source>
        <translation>横向</translation>
    </message>
    <message>
        <source>Heave</source>
        <translation>垂向</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>横滚</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>偏航</translation>
    </message>
    <message>
        <source>Cueing settings not applied: the motion platform link is not running.</source>
        <translation>运动提示设置未应用：运动平台链路未运行。</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Overheat protection</source>
        <translation>过热保护</translation>
    </message>
    <message>
        <source>cue gain %1, simulator %2, %3 trips%4</source>
        <translation>提示增益 %1，模拟器 %2，触发 %3 次%4</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>, STOPPED</source>
        <translation>，已停止</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Cueing settings were saved with the old sign convention (sway right, pitch nose up, yaw nose right). The platform frame is now right-handed (x forward, y left, z up): every axis&apos;s invert was cleared. Run the axis check before cueing a rider.</source>
        <translation>运动提示设置是按旧的符号约定保存的（横向向右、俯仰机头向上、偏航机头向右）。平台坐标系现为右手系（x 向前、y 向左、z 向上）：各轴的反向设置已清除。在为乘员提供运动提示前请先运行轴向检查。</translation>
    </message>
    <message>
        <source>%1 new simulator states per second (at least %2)</source>
        <translation>每秒 %1 个新的仿真状态（至少 %2）</translation>
    </message>
    <message>
        <source>the simulation runs at %1 % of real time (at least %2 %)</source>
        <translation>仿真以实时的 %1 % 运行（至少 %2 %）</translation>
    </message>
    <message>
        <source>%1 PX4 lockstep timeouts in a second (at most %2)</source>
        <translation>一秒内 %1 次 PX4 锁步超时（至多 %2）</translation>
    </message>
    <message>
        <source>%1 % of the simulator&apos;s frames lost on the way to PX4 (at most %2 %)</source>
        <translation>%1 % 的仿真帧在发往 PX4 途中丢失（至多 %2 %）</translation>
    </message>
    <message>
        <source>simulator values no aircraft can produce</source>
        <translation>任何飞行器都不可能产生的仿真数值</translation>
    </message>
    <message>
        <source>the platform&apos;s %1 at its limit %2 % of the time (at most %3 %)</source>
        <translation>平台%1轴 %2 % 的时间处于极限（至多 %3 %）</translation>
    </message>
    <message>
        <source>the platform&apos;s %1 thrown from limit to limit in %2 s</source>
        <translation>平台%1轴在 %2 秒内从一端极限甩到另一端</translation>
    </message>
    <message>
        <source>Loop degraded, cues held at neutral: %1. They ramp back in after %2 s without a problem (%3 s so far).</source>
        <translation>回路降级，运动提示保持中立：%1。无问题 %2 秒后渐入（目前 %3 秒）。</translation>
    </message>
    <message>
        <source>STOP button mapped on %1 (present)</source>
        <translation>停止按键已映射到 %1（在线）</translation>
    </message>
    <message>
        <source>no STOP button mapped on %1</source>
        <translation>%1 上未映射停止按键</translation>
    </message>
    <message>
        <source>the pilot&apos;s input device is not present</source>
        <translation>飞行员的输入设备不在线</translation>
    </message>
    <message>
        <source>enabling button held</source>
        <translation>使能按键已按住</translation>
    </message>
    <message>
        <source>enabling button released: cues held at neutral</source>
        <translation>使能按键已松开：运动指令保持中立</translation>
    </message>
    <message>
        <source>Pilot: %1</source>
        <translation>飞行员：%1</translation>
    </message>
    <message>
        <source>Procedure step 2 or 5: who is on the platform?</source>
        <translation>流程第 2 步或第 5 步：平台上有谁？</translation>
    </message>
    <message>
        <source>The platform will follow the simulator at master gain %1. Seat empty (step 2, the checks): the area clear. Rider strapped in (step 5, the ride): a first ride starts at master gain 0.3 or lower, and the platform&apos;s own emergency stop is within the operator&apos;s reach.</source>
        <translation>平台将以总增益 %1 跟随模拟器。座椅无人（第 2 步，检查）：周围区域已清空。乘员已系好安全带（第 5 步，乘坐）：首次乘坐从总增益 0.3 或更低开始，且平台自身的急停按钮在操作员手边。</translation>
    </message>
    <message>
        <source>Seat empty (step 2)</source>
        <translation>座椅无人（第 2 步）</translation>
    </message>
    <message>
        <source>Rider strapped in (step 5)</source>
        <translation>乘员已系好安全带（第 5 步）</translation>
    </message>
    <message>
        <source>Loop degraded, cues held at neutral: %1. STOP is latched: nothing moves until a mode is picked.</source>
        <translation>回路降级，运动提示保持中立：%1。停止已锁定：选择模式之前不会有任何运动。</translation>
    </message>
</context>
<context>
    <name>hil::PilotAxesView</name>
    <message>
        <source>Axis %1</source>
        <translation>轴 %1</translation>
    </message>
    <message>
        <source>No reading from the device yet</source>
        <translation>尚未收到设备读数</translation>
    </message>
</context>
<context>
    <name>hil::PilotPanel</name>
    <message>
        <source>Pilot&apos;s device</source>
        <translation>飞行员的输入设备</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Sticks</source>
        <translation>摇杆</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>横滚</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>偏航</translation>
    </message>
    <message>
        <source>Throttle</source>
        <translation>油门</translation>
    </message>
    <message>
        <source>Buttons</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <source>Set up…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Sent to</source>
        <translation>发送至</translation>
    </message>
    <message>
        <source>PX4</source>
        <translation>PX4</translation>
    </message>
    <message>
        <source>PX4&apos;s verdict</source>
        <translation>PX4 的判定</translation>
    </message>
    <message>
        <source>RealFlight</source>
        <translation>RealFlight</translation>
    </message>
    <message>
        <source>Aileron</source>
        <translation>副翼</translation>
    </message>
    <message>
        <source>Elevator</source>
        <translation>升降舵</translation>
    </message>
    <message>
        <source>Rudder</source>
        <translation>方向舵</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>ch </source>
        <translation>通道 </translation>
    </message>
    <message>
        <source>RealFlight channel 1-12; none: RealFlight&apos;s own controller</source>
        <translation>RealFlight 通道 1-12；无：由 RealFlight 自己的控制器控制</translation>
    </message>
    <message>
        <source>rev.</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>RealFlight&apos;s channels from the pilot</source>
        <translation>来自飞行员的 RealFlight 通道</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Enabling</source>
        <translation>使能按键</translation>
    </message>
    <message>
        <source>No pilot input link is running. Start it with --pilot joystick (a joystick, gamepad or USB transmitter) or --pilot realflight, or from the Links panel.</source>
        <translation>飞行员输入链路未运行。请用 --pilot joystick（操纵杆、游戏手柄或 USB 遥控器）或 --pilot realflight 启动，或在“链路”面板中启动。</translation>
    </message>
    <message>
        <source>Pilot</source>
        <translation>飞行员</translation>
    </message>
    <message>
        <source>Channel map not applied: the FlightAxis link is not running.</source>
        <translation>通道映射未应用：FlightAxis 链路未运行。</translation>
    </message>
    <message>
        <source>Channel map not applied: %1</source>
        <translation>通道映射未应用：%1</translation>
    </message>
    <message>
        <source>%1: not mapped</source>
        <translation>%1：未映射</translation>
    </message>
    <message>
        <source>axis %1</source>
        <translation>轴 %1</translation>
    </message>
    <message>
        <source>reversed</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>dead-band %1 %</source>
        <translation>死区 %1 %</translation>
    </message>
    <message>
        <source>expo %1 %</source>
        <translation>指数 %1 %</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>arm</source>
        <translation>解锁</translation>
    </message>
    <message>
        <source>disarm</source>
        <translation>上锁</translation>
    </message>
    <message>
        <source>take off</source>
        <translation>起飞</translation>
    </message>
    <message>
        <source>land</source>
        <translation>降落</translation>
    </message>
    <message>
        <source>return</source>
        <translation>返航</translation>
    </message>
    <message>
        <source>hold</source>
        <translation>悬停</translation>
    </message>
    <message>
        <source>Position mode</source>
        <translation>定点模式</translation>
    </message>
    <message>
        <source>Altitude mode</source>
        <translation>定高模式</translation>
    </message>
    <message>
        <source>Stabilized mode</source>
        <translation>自稳模式</translation>
    </message>
    <message>
        <source>Manual mode</source>
        <translation>手动模式</translation>
    </message>
    <message>
        <source>button %1: %2</source>
        <translation>按键 %1：%2</translation>
    </message>
    <message>
        <source>button %1: enabling (cues pass while held)</source>
        <translation>按键 %1：使能（按住时运动指令才通过）</translation>
    </message>
    <message>
        <source>Buttons: none mapped</source>
        <translation>按键：未映射</translation>
    </message>
    <message>
        <source>Buttons: %1</source>
        <translation>按键：%1</translation>
    </message>
    <message>
        <source>%1 (%2) — flies</source>
        <translation>%1（%2）— 正在使用</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>no device present</source>
        <translation>无设备</translation>
    </message>
    <message>
        <source>%1 at %2 Hz</source>
        <translation>%1，%2 Hz</translation>
    </message>
    <message>
        <source>waiting for a device</source>
        <translation>等待设备</translation>
    </message>
    <message>
        <source>%1 lost: the sticks are not used</source>
        <translation>%1 丢失：不使用摇杆</translation>
    </message>
    <message>
        <source>shown once a device flies</source>
        <translation>设备开始使用后显示</translation>
    </message>
    <message>
        <source>MANUAL_CONTROL at %1 Hz (%2 sent)</source>
        <translation>MANUAL_CONTROL，%1 Hz（已发送 %2）</translation>
    </message>
    <message>
        <source>MANUAL_CONTROL not sent (no active pilot device)</source>
        <translation>未发送 MANUAL_CONTROL（无活动的飞行员设备）</translation>
    </message>
    <message>
        <source>no PX4 ground-station link (start with --px4 or --emulate px4)</source>
        <translation>无 PX4 地面站链路（用 --px4 或 --emulate px4 启动）</translation>
    </message>
    <message>
        <source>channels from the pilot at %1 Hz (%2 exchanges)</source>
        <translation>通道来自飞行员，%1 Hz（%2 次交换）</translation>
    </message>
    <message>
        <source>channels from the autopilot (PX4): the pilot flies through PX4</source>
        <translation>通道来自自动驾驶仪（PX4）：飞行员通过 PX4 飞行</translation>
    </message>
    <message>
        <source>RealFlight&apos;s own controller has the channels</source>
        <translation>通道由 RealFlight 自己的控制器控制</translation>
    </message>
    <message>
        <source>no FlightAxis link (start with --flightaxis or --emulate flightaxis)</source>
        <translation>无 FlightAxis 链路（用 --flightaxis 或 --emulate flightaxis 启动）</translation>
    </message>
    <message>
        <source>the platform has no pilot device</source>
        <translation>平台没有飞行员设备</translation>
    </message>
    <message>
        <source>mapped on %1; pressed %2 times</source>
        <translation>已映射在 %1 上；按下 %2 次</translation>
    </message>
    <message>
        <source>no STOP button mapped on %1</source>
        <translation>%1 上未映射停止按键</translation>
    </message>
    <message>
        <source>held: cues pass</source>
        <translation>已按住：运动指令通过</translation>
    </message>
    <message>
        <source>released: cues held at neutral</source>
        <translation>已松开：运动指令保持中立</translation>
    </message>
    <message>
        <source>none configured</source>
        <translation>未配置</translation>
    </message>
    <message>
        <source>no motion link</source>
        <translation>无运动平台链路</translation>
    </message>
    <message>
        <source>RealFlight&apos;s transmitter</source>
        <translation>RealFlight 的遥控器</translation>
    </message>
    <message>
        <source>the joystick named &quot;%1&quot;</source>
        <translation>名为“%1”的操纵杆</translation>
    </message>
    <message>
        <source>joystick %1</source>
        <translation>操纵杆 %1</translation>
    </message>
    <message>
        <source>a joystick</source>
        <translation>一个操纵杆</translation>
    </message>
    <message>
        <source>none of these flies: waiting for %1 (the Links panel&apos;s Pilot input row says which)</source>
        <translation>这些设备都未在飞行：等待 %1（由“链路”面板的“飞行员输入”一行决定）</translation>
    </message>
</context>
<context>
    <name>hil::PilotSetupDialog</name>
    <message>
        <source>roll</source>
        <translation>横滚</translation>
    </message>
    <message>
        <source>pitch</source>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>yaw</source>
        <translation>偏航</translation>
    </message>
    <message>
        <source>throttle</source>
        <translation>油门</translation>
    </message>
    <message>
        <source>Move the stick you use for &lt;b&gt;roll&lt;/b&gt; fully to the &lt;b&gt;right&lt;/b&gt;, then let it return to the centre.</source>
        <translation>将用于&lt;b&gt;横滚&lt;/b&gt;的摇杆推到最&lt;b&gt;右&lt;/b&gt;，然后让它回到中位。</translation>
    </message>
    <message>
        <source>Push the stick you use for &lt;b&gt;pitch&lt;/b&gt; fully &lt;b&gt;forward&lt;/b&gt; (away from you), then let it return to the centre.</source>
        <translation>将用于&lt;b&gt;俯仰&lt;/b&gt;的摇杆推到最&lt;b&gt;前&lt;/b&gt;（远离自己），然后让它回到中位。</translation>
    </message>
    <message>
        <source>Move the stick or pedals you use for &lt;b&gt;yaw&lt;/b&gt; (rudder) fully to the &lt;b&gt;right&lt;/b&gt;, then let it return to the centre.</source>
        <translation>将用于&lt;b&gt;偏航&lt;/b&gt;（方向舵）的摇杆或脚舵推到最&lt;b&gt;右&lt;/b&gt;，然后让它回到中位。</translation>
    </message>
    <message>
        <source>Put the &lt;b&gt;throttle&lt;/b&gt; at idle, then move it to &lt;b&gt;full&lt;/b&gt;.</source>
        <translation>将&lt;b&gt;油门&lt;/b&gt;置于怠速，然后推到&lt;b&gt;最大&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;STOP&lt;/b&gt; (the platform&apos;s stop).</source>
        <translation>按下用于&lt;b&gt;停止&lt;/b&gt;的按钮（平台停止）。</translation>
    </message>
    <message>
        <source>Press the &lt;b&gt;enabling&lt;/b&gt; (dead-man) button: the platform&apos;s cues pass only while it is held.</source>
        <translation>按下&lt;b&gt;使能&lt;/b&gt;（失能保护）按钮：仅在按住时平台才接收运动指令。</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;arm&lt;/b&gt;.</source>
        <translation>按下用于&lt;b&gt;解锁&lt;/b&gt;的按钮。</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;disarm&lt;/b&gt;.</source>
        <translation>按下用于&lt;b&gt;上锁&lt;/b&gt;的按钮。</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;take-off&lt;/b&gt;.</source>
        <translation>按下用于&lt;b&gt;起飞&lt;/b&gt;的按钮。</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;land&lt;/b&gt;.</source>
        <translation>按下用于&lt;b&gt;降落&lt;/b&gt;的按钮。</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;return&lt;/b&gt;.</source>
        <translation>按下用于&lt;b&gt;返航&lt;/b&gt;的按钮。</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;hold&lt;/b&gt;.</source>
        <translation>按下用于&lt;b&gt;悬停&lt;/b&gt;的按钮。</translation>
    </message>
    <message>
        <source>Pilot device set-up</source>
        <translation>飞行员输入设备设置</translation>
    </message>
    <message>
        <source>Choose the device to set up. While the set-up runs, the device&apos;s sticks and buttons are &lt;b&gt;not used&lt;/b&gt; (the link reports no pilot); they are used again only after Finish, or, for a device calibrated before, after Cancel. For a stick and a separate throttle, set up each device in turn: their controls are combined.</source>
        <translation>选择要设置的设备。设置期间，该设备的摇杆和按钮&lt;b&gt;不会被使用&lt;/b&gt;（链路报告无飞行员）；只有在“完成”之后，或者对于已校准过的设备在“取消”之后，才会重新使用。若摇杆与油门是两个设备，请依次设置：它们的控制量会合并。</translation>
    </message>
    <message>
        <source>Centre all sticks and let go of them; put the throttle where it rests. Then press Next.</source>
        <translation>将所有摇杆回中并松开；油门置于静止位置。然后按“下一步”。</translation>
    </message>
    <message>
        <source>Move &lt;b&gt;every&lt;/b&gt; axis to both ends, a few times (sticks in circles, the throttle and any slider from end to end). Then press Next.</source>
        <translation>将&lt;b&gt;每个&lt;/b&gt;轴向两端各推动几次（摇杆画圈，油门和滑块从一端到另一端）。然后按“下一步”。</translation>
    </message>
    <message>
        <source>Or take a preset for a gamepad-layout device:</source>
        <translation>或为手柄布局的设备选用预设：</translation>
    </message>
    <message>
        <source>Mode %1</source>
        <translation>模式 %1</translation>
    </message>
    <message>
        <source>Left stick: yaw and pitch; right stick: roll and throttle</source>
        <translation>左摇杆：偏航和俯仰；右摇杆：横滚和油门</translation>
    </message>
    <message>
        <source>Left stick: yaw and throttle; right stick: roll and pitch</source>
        <translation>左摇杆：偏航和油门；右摇杆：横滚和俯仰</translation>
    </message>
    <message>
        <source>Dead-band: how far a stick may move from the centre before it counts. Expo: softer around the centre (0 linear, 1 cubic). Watch the result below.</source>
        <translation>死区：摇杆离开中位多远才开始生效。指数：中位附近更柔和（0 线性，1 三次）。结果见下方。</translation>
    </message>
    <message>
        <source>Stick dead-band</source>
        <translation>摇杆死区</translation>
    </message>
    <message>
        <source>Stick expo</source>
        <translation>摇杆指数</translation>
    </message>
    <message>
        <source>Throttle dead-band</source>
        <translation>油门死区</translation>
    </message>
    <message>
        <source>&lt; Back</source>
        <translation>&lt; 上一步</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Next &gt;</source>
        <translation>下一步 &gt;</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The pilot input link is not running: start the program with --pilot joystick to set up a device.</source>
        <translation>飞行员输入链路未运行：请使用 --pilot joystick 启动程序以设置设备。</translation>
    </message>
    <message>
        <source> (set up before)</source>
        <translation>（已设置过）</translation>
    </message>
    <message>
        <source>Held now: %1</source>
        <translation>当前按住：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Now: roll %1  pitch %2  yaw %3  throttle %4</source>
        <translation>当前：横滚 %1  俯仰 %2  偏航 %3  油门 %4</translation>
    </message>
    <message>
        <source>1. Device</source>
        <translation>1. 设备</translation>
    </message>
    <message>
        <source>2. Centre</source>
        <translation>2. 中位</translation>
    </message>
    <message>
        <source>3. Range</source>
        <translation>3. 行程</translation>
    </message>
    <message>
        <source>4. Axes</source>
        <translation>4. 轴</translation>
    </message>
    <message>
        <source>5. Feel</source>
        <translation>5. 手感</translation>
    </message>
    <message>
        <source>6. Buttons</source>
        <translation>6. 按钮</translation>
    </message>
    <message>
        <source>7. Finish</source>
        <translation>7. 完成</translation>
    </message>
    <message>
        <source> (rev.)</source>
        <translation>（反向）</translation>
    </message>
    <message>
        <source>The map file cannot be read (%1); Finish replaces it.</source>
        <translation>映射文件无法读取（%1）；“完成”将替换它。</translation>
    </message>
    <message>
        <source>Waiting for the device&apos;s first reading…</source>
        <translation>正在等待设备的第一个读数…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; is not used while it is being set up.</source>
        <translation>设置期间不使用 &lt;b&gt;%1&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Not moved yet: axis %1.</source>
        <translation>尚未移动：轴 %1。</translation>
    </message>
    <message>
        <source>Waiting for an axis to move… (Skip: %1 is not mapped)</source>
        <translation>正在等待轴移动…（跳过：不映射%1）</translation>
    </message>
    <message>
        <source>Found: %1 is axis %2%3. Next to keep it, Back to try again.</source>
        <translation>已找到：%1 为轴 %2%3。按“下一步”保留，按“上一步”重试。</translation>
    </message>
    <message>
        <source>, reversed</source>
        <translation>，反向</translation>
    </message>
    <message>
        <source>Waiting for a button… (Skip: none)</source>
        <translation>正在等待按钮…（跳过：不设置）</translation>
    </message>
    <message>
        <source>Found: button %1. Next to keep it.</source>
        <translation>已找到：按钮 %1。按“下一步”保留。</translation>
    </message>
    <message>
        <source>%1: not mapped</source>
        <translation>%1：未映射</translation>
    </message>
    <message>
        <source>%1: axis %2%3</source>
        <translation>%1：轴 %2%3</translation>
    </message>
    <message>
        <source>button %1: %2</source>
        <translation>按钮 %1：%2</translation>
    </message>
    <message>
        <source>button %1: enabling</source>
        <translation>按钮 %1：使能</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;Finish saves this for %2 (%3) in %4 and uses it at once.</source>
        <translation>%1&lt;br&gt;“完成”会将其保存到 %4（%2，%3）并立即生效。</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
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
    <message>
        <source>Value (angles in °)</source>
        <translation>数值（角度以 ° 表示）</translation>
    </message>
    <message>
        <source>Value (SI)</source>
        <translation>数值（SI）</translation>
    </message>
    <message>
        <source>The newest value of each signal with its unit</source>
        <translation>每个信号的最新值及其单位</translation>
    </message>
    <message>
        <source>Angles in °</source>
        <translation>角度以 °</translation>
    </message>
    <message>
        <source>Show angles and angular rates in degrees; the files and the default view are SI (rad)</source>
        <translation>以度显示角度和角速度；文件和默认视图为 SI（rad）</translation>
    </message>
    <message>
        <source>Legends</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>Show each plot&apos;s legend beside it</source>
        <translation>在每个曲线图旁显示图例</translation>
    </message>
</context>
<context>
    <name>hil::Px4Mode</name>
    <message>
        <source>Manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>Altitude</source>
        <translation>定高</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>定点</translation>
    </message>
    <message>
        <source>Orbit</source>
        <translation>环绕</translation>
    </message>
    <message>
        <source>Position slow</source>
        <translation>定点慢速</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Takeoff</source>
        <translation>起飞</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>悬停</translation>
    </message>
    <message>
        <source>Mission</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>返航</translation>
    </message>
    <message>
        <source>Land</source>
        <translation>降落</translation>
    </message>
    <message>
        <source>Follow target</source>
        <translation>跟随目标</translation>
    </message>
    <message>
        <source>Precision land</source>
        <translation>精准降落</translation>
    </message>
    <message>
        <source>VTOL takeoff</source>
        <translation>VTOL 起飞</translation>
    </message>
    <message>
        <source>Acro</source>
        <translation>特技</translation>
    </message>
    <message>
        <source>Offboard</source>
        <translation>外部控制</translation>
    </message>
    <message>
        <source>Stabilized</source>
        <translation>自稳</translation>
    </message>
    <message>
        <source>Rattitude</source>
        <translation>Rattitude</translation>
    </message>
    <message>
        <source>Termination</source>
        <translation>终止</translation>
    </message>
    <message>
        <source>Altitude cruise</source>
        <translation>定高巡航</translation>
    </message>
</context>
<context>
    <name>hil::Px4Panel</name>
    <message>
        <source>The PX4 link is not running (start with --px4 or --emulate px4).</source>
        <translation>PX4 链路未运行（请用 --px4 或 --emulate px4 启动）。</translation>
    </message>
    <message>
        <source>PX4 link</source>
        <translation>PX4 链路</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Armed</source>
        <translation>解锁</translation>
    </message>
    <message>
        <source>Lockstep</source>
        <translation>锁步</translation>
    </message>
    <message>
        <source>Lockstep timeouts</source>
        <translation>锁步超时</translation>
    </message>
    <message>
        <source>Sensors sent / actuators received</source>
        <translation>已发送传感器 / 已接收执行器</translation>
    </message>
    <message>
        <source>Actuator outputs (RealFlight channels)</source>
        <translation>执行器输出（RealFlight 通道）</translation>
    </message>
    <message>
        <source>Channel %1</source>
        <translation>通道 %1</translation>
    </message>
    <message>
        <source>Channel mapping</source>
        <translation>通道映射</translation>
    </message>
    <message>
        <source>PX4 output</source>
        <translation>PX4 输出</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Safe value</source>
        <translation>安全值</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Quad X</source>
        <translation>四旋翼 X</translation>
    </message>
    <message>
        <source>Fixed wing</source>
        <translation>固定翼</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>PX4</source>
        <translation>PX4</translation>
    </message>
    <message>
        <source>Channel mapping not applied: the PX4 link is not running.</source>
        <translation>通道映射未应用：PX4 链路未运行。</translation>
    </message>
    <message>
        <source>Channel mapping: %1 row(s) with invalid values were left out.</source>
        <translation>通道映射：已忽略 %1 行无效数据。</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>waiting for PX4</source>
        <translation>等待 PX4</translation>
    </message>
    <message>
        <source>ARMED</source>
        <translation>已解锁</translation>
    </message>
    <message>
        <source>disarmed</source>
        <translation>未解锁</translation>
    </message>
    <message>
        <source>on, %1 Hz</source>
        <translation>开启，%1 Hz</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source> m</source>
        <translation> 米</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 V, %2</source>
        <translation>%1 V，%2</translation>
    </message>
    <message>
        <source>%1, satellites: %2</source>
        <translation>%1，卫星：%2</translation>
    </message>
    <message>
        <source>2-D fix</source>
        <translation>二维定位</translation>
    </message>
    <message>
        <source>3-D fix</source>
        <translation>三维定位</translation>
    </message>
    <message>
        <source>Arm</source>
        <translation>解锁</translation>
    </message>
    <message>
        <source>Arm PX4</source>
        <translation>解锁 PX4</translation>
    </message>
    <message>
        <source>Arm PX4? The motors will spin and the vehicle may take off.</source>
        <translation>解锁 PX4？电机将转动，飞行器可能起飞。</translation>
    </message>
    <message>
        <source>Battery</source>
        <translation>电池</translation>
    </message>
    <message>
        <source>DGPS</source>
        <translation>差分 GPS</translation>
    </message>
    <message>
        <source>Disarm</source>
        <translation>上锁</translation>
    </message>
    <message>
        <source>Flight mode</source>
        <translation>飞行模式</translation>
    </message>
    <message>
        <source>GPS</source>
        <translation>GPS</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康状态</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>悬停</translation>
    </message>
    <message>
        <source>Land</source>
        <translation>降落</translation>
    </message>
    <message>
        <source>Landed state</source>
        <translation>着陆状态</translation>
    </message>
    <message>
        <source>PX4 (ground station link)</source>
        <translation>PX4（地面站连接）</translation>
    </message>
    <message>
        <source>PX4 command not sent: the ground-station link is not running.</source>
        <translation>PX4 指令未发送：地面站连接未运行。</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>定点</translation>
    </message>
    <message>
        <source>RC receiver</source>
        <translation>遥控接收机</translation>
    </message>
    <message>
        <source>RTK fixed</source>
        <translation>RTK 固定解</translation>
    </message>
    <message>
        <source>RTK float</source>
        <translation>RTK 浮点解</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>返航</translation>
    </message>
    <message>
        <source>Status texts</source>
        <translation>状态消息</translation>
    </message>
    <message>
        <source>Take-off height above home</source>
        <translation>相对起飞点的起飞高度</translation>
    </message>
    <message>
        <source>Takeoff</source>
        <translation>起飞</translation>
    </message>
    <message>
        <source>accelerometer</source>
        <translation>加速度计</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>airspeed</source>
        <translation>空速计</translation>
    </message>
    <message>
        <source>all healthy</source>
        <translation>全部正常</translation>
    </message>
    <message>
        <source>barometer</source>
        <translation>气压计</translation>
    </message>
    <message>
        <source>battery</source>
        <translation>电池</translation>
    </message>
    <message>
        <source>denied (%1)</source>
        <translation>被拒绝（%1）</translation>
    </message>
    <message>
        <source>denied: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <source>estimator</source>
        <translation>状态估计器</translation>
    </message>
    <message>
        <source>fix %1</source>
        <translation>定位 %1</translation>
    </message>
    <message>
        <source>gyro</source>
        <translation>陀螺仪</translation>
    </message>
    <message>
        <source>in air</source>
        <translation>空中</translation>
    </message>
    <message>
        <source>landing</source>
        <translation>降落中</translation>
    </message>
    <message>
        <source>magnetometer</source>
        <translation>磁力计</translation>
    </message>
    <message>
        <source>mode %1/%2</source>
        <translation>模式 %1/%2</translation>
    </message>
    <message>
        <source>motor outputs</source>
        <translation>电机输出</translation>
    </message>
    <message>
        <source>no GPS</source>
        <translation>无 GPS</translation>
    </message>
    <message>
        <source>no PX4 heard on the ground-station link</source>
        <translation>地面站连接上未收到 PX4</translation>
    </message>
    <message>
        <source>no fix</source>
        <translation>未定位</translation>
    </message>
    <message>
        <source>no report yet</source>
        <translation>尚无报告</translation>
    </message>
    <message>
        <source>not healthy: %1</source>
        <translation>异常：%1</translation>
    </message>
    <message>
        <source>on ground</source>
        <translation>地面</translation>
    </message>
    <message>
        <source>pre-arm checks</source>
        <translation>解锁前检查</translation>
    </message>
    <message>
        <source>remaining unknown</source>
        <translation>剩余未知</translation>
    </message>
    <message>
        <source>sent…</source>
        <translation>已发送…</translation>
    </message>
    <message>
        <source>taking off</source>
        <translation>起飞中</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>channel = clamp(offset + scale × ±output, 0, 1); disarmed: safe value. PX4 outputs 1-16 (output 1 = motor 1), RealFlight channels 1-12.</source>
        <translation>通道 = 限幅(偏移 + 比例 × ±输出, 0, 1)；上锁时：安全值。PX4 输出 1-16（输出 1 = 电机 1），RealFlight 通道 1-12。</translation>
    </message>
    <message>
        <source>Pilot&apos;s sticks</source>
        <translation>飞行员摇杆</translation>
    </message>
    <message>
        <source>COM_RC_IN_MODE not read yet</source>
        <translation>尚未读取 COM_RC_IN_MODE</translation>
    </message>
    <message>
        <source>PX4 takes the sticks (COM_RC_IN_MODE %1)</source>
        <translation>PX4 接受摇杆输入（COM_RC_IN_MODE %1）</translation>
    </message>
    <message>
        <source>PX4 takes the sticks only while no RC is chosen (COM_RC_IN_MODE %1); set 1 to be sure</source>
        <translation>仅在未选用遥控器时 PX4 才接受摇杆输入（COM_RC_IN_MODE %1）；设为 1 才可靠</translation>
    </message>
    <message>
        <source>PX4 ignores the sticks (COM_RC_IN_MODE %1): set COM_RC_IN_MODE to 1</source>
        <translation>PX4 忽略摇杆输入（COM_RC_IN_MODE %1）：请将 COM_RC_IN_MODE 设为 1</translation>
    </message>
    <message>
        <source>%1; sending MANUAL_CONTROL</source>
        <translation>%1；正在发送 MANUAL_CONTROL</translation>
    </message>
    <message>
        <source>Auto (%1)</source>
        <translation>自动 (%1)</translation>
    </message>
</context>
<context>
    <name>hil::ReplayControl</name>
    <message>
        <source>replay: %1</source>
        <translation>回放：%1</translation>
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
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop opening this recording</source>
        <translation>停止打开此记录</translation>
    </message>
    <message>
        <source>Stop the export; no file is written</source>
        <translation>停止导出；不写入任何文件</translation>
    </message>
    <message>
        <source>opening...</source>
        <translation>正在打开...</translation>
    </message>
    <message>
        <source>Exporting to %1</source>
        <translation>正在导出到 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) exported to %1</source>
        <translation>
            <numerusform>已导出 %n 行到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export cancelled: no file written</source>
        <translation>导出已取消：未写入文件</translation>
    </message>
    <message>
        <source>Procedure step 2 or 5: the platform will move with the recorded flight. Is the area clear, the seat empty or the rider strapped in, and the operator ready to press STOP?</source>
        <translation>流程第 2 步或第 5 步：平台将随录制的飞行运动。周围区域是否已清空、座椅无人或乘员已系好安全带，操作员是否已准备好按下 STOP？</translation>
    </message>
</context>
<context>
    <name>hil::RigCheckDialog</name>
    <message>
        <source>Rig check</source>
        <translation>台架检查</translation>
    </message>
    <message>
        <source>Watches every running link and judges what it sees: each check&apos;s figure, its verdict and what to do. The report (report.json, report.html, report.pdf) goes to the session folder&apos;s rig-check.</source>
        <translation>监视每条运行中的链路并判定所见情况：每个检查项的测量值、判定结果及处理方法。报告（report.json、report.html、report.pdf）保存在会话文件夹的 rig-check 中。</translation>
    </message>
    <message>
        <source>&amp;Watch for (s):</source>
        <translation>观察时长（秒）(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Measure the transport delay (steps move the platform: seat empty, CUEING)</source>
        <translation>测量传输延迟（阶跃会使平台运动：座椅无人，CUEING）(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Cancel check</source>
        <translation>取消检查(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Run check</source>
        <translation>运行检查(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open report</source>
        <translation>打开报告(&amp;O)</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>What it looked at</source>
        <translation>检查内容</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>测量值</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>解决方法</translation>
    </message>
    <message>
        <source>Transport delay</source>
        <translation>传输延迟</translation>
    </message>
    <message>
        <source>Procedure step 2: is the seat empty?</source>
        <translation>流程第 2 步：座椅是否无人？</translation>
    </message>
    <message>
        <source>The measurement steps the platform from where the simulator holds it (%1 steps). Only with the seat empty and the area clear.</source>
        <translation>测量将从模拟器当前保持的位置对平台施加阶跃（%1 次）。仅在座椅无人且周围区域已清空时进行。</translation>
    </message>
    <message>
        <source>Seat empty (step 2)</source>
        <translation>座椅无人（第 2 步）</translation>
    </message>
    <message>
        <source>Cancelled: no report.</source>
        <translation>已取消：没有报告。</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>The report could not be written: %1</source>
        <translation>无法写入报告：%1</translation>
    </message>
    <message>
        <source>Report: %1</source>
        <translation>报告：%1</translation>
    </message>
    <message>
        <source>%1 (stand-in)</source>
        <translation>%1（替身）</translation>
    </message>
    <message>
        <source>No motion platform link runs: connect the platform first.</source>
        <translation>没有运动平台连接：请先连接平台。</translation>
    </message>
    <message>
        <source>STOP is latched. Release it with a mode button in the Motion platform panel, then put the platform in CUEING with the seat empty.</source>
        <translation>停止已锁定。请用运动平台面板中的模式按钮解除，然后在座椅无人时将平台切换到 CUEING。</translation>
    </message>
    <message>
        <source>The enabling button is released: hold it while the steps run.</source>
        <translation>使能按钮已松开：步进运行期间请按住它。</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2：%3</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>打开报告</translation>
    </message>
    <message>
        <source>No program on this desktop opens the report page.</source>
        <translation>此桌面上没有程序能打开报告页面。</translation>
    </message>
    <message>
        <source>The report (report.html, report.pdf, report.json) is in:
%1</source>
        <translation>报告（report.html、report.pdf、report.json）位于：
%1</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <source>No program opens folders either. The path is:
%1</source>
        <translation>也没有程序能打开文件夹。路径为：
%1</translation>
    </message>
    <message>
        <source>%p % of the check</source>
        <translation>检查已完成 %p %</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步，共 %2 步：%3</translation>
    </message>
    <message>
        <source>waiting for the links to connect</source>
        <translation>等待各连接建立</translation>
    </message>
    <message>
        <source>watching the links, %1 of %2 s</source>
        <translation>观察各连接，%1 / %2 秒</translation>
    </message>
    <message>
        <source>measuring the transport delay, %1 of %2 steps</source>
        <translation>测量传输延迟，%1 / %2 步</translation>
    </message>
    <message>
        <source>writing the report</source>
        <translation>正在写报告</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Passed: %1 · warnings: %2 · failed: %3.</source>
        <translation>通过：%1 · 警告：%2 · 失败：%3。</translation>
    </message>
    <message>
        <source>The platform is in %1. Put it in CUEING with the seat empty (Motion platform panel), then start again.</source>
        <translation>平台处于 %1。请在座椅无人时切换到 CUEING（平台面板），然后重新开始。</translation>
    </message>
</context>
<context>
    <name>hil::RigStateText</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>OFF</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>LEVEL BRAKE</source>
        <translation>水平制动</translation>
    </message>
    <message>
        <source>LOADING</source>
        <translation>上下乘员</translation>
    </message>
    <message>
        <source>CUEING</source>
        <translation>运动提示</translation>
    </message>
    <message>
        <source>surge</source>
        <translation>纵向</translation>
    </message>
    <message>
        <source>sway</source>
        <translation>横向</translation>
    </message>
    <message>
        <source>heave</source>
        <translation>垂向</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>横滚</translation>
    </message>
    <message>
        <source>pitch</source>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>yaw</source>
        <translation>偏航</translation>
    </message>
    <message>
        <source>simulator slow (%1/s)</source>
        <translation>模拟器过慢（%1/秒）</translation>
    </message>
    <message>
        <source>simulation slow (%1 %)</source>
        <translation>仿真过慢（%1 %）</translation>
    </message>
    <message>
        <source>PX4 timeouts (%1/s)</source>
        <translation>PX4 超时（%1/秒）</translation>
    </message>
    <message>
        <source>frames lost (%1 %)</source>
        <translation>帧丢失（%1 %）</translation>
    </message>
    <message>
        <source>impossible simulator data</source>
        <translation>不可能的模拟器数据</translation>
    </message>
    <message>
        <source>%1 at its end stop</source>
        <translation>%1 处于限位</translation>
    </message>
    <message>
        <source>%1 end stop to end stop</source>
        <translation>%1 在两端限位间摆动</translation>
    </message>
    <message>
        <source>pick a mode to release</source>
        <translation>选择模式以解除</translation>
    </message>
</context>
<context>
    <name>hil::RigStrip</name>
    <message>
        <source>Platform: not connected</source>
        <translation>平台：未连接</translation>
    </message>
    <message>
        <source>No motion platform link runs: nothing moves.</source>
        <translation>没有运动平台连接：不会有任何运动。</translation>
    </message>
    <message>
        <source>Platform: %1</source>
        <translation>平台：%1</translation>
    </message>
    <message>
        <source>Platform: no answer</source>
        <translation>平台：无应答</translation>
    </message>
    <message>
        <source>%1, asked for %2</source>
        <translation>%1，已请求 %2</translation>
    </message>
    <message>
        <source>The mode the platform reports in its status word; the Motion platform panel&apos;s buttons ask for another.</source>
        <translation>平台在状态字中报告的模式；运动平台面板的按钮可请求其他模式。</translation>
    </message>
    <message>
        <source>STOP latched: %1</source>
        <translation>停止已锁定：%1</translation>
    </message>
    <message>
        <source>STOP holds the cues at zero and asked for LEVEL BRAKE. Nothing moves until the operator picks a mode with the Motion platform panel&apos;s buttons.</source>
        <translation>停止将运动提示保持为零并已请求 LEVEL BRAKE。在操作员用运动平台面板的按钮选择模式之前，不会有任何运动。</translation>
    </message>
    <message>
        <source>STOP not latched</source>
        <translation>停止未锁定</translation>
    </message>
    <message>
        <source>STOP (Esc) zeroes the cues and asks for LEVEL BRAKE from any window.</source>
        <translation>停止（Esc）在任何窗口中都会将运动提示清零并请求 LEVEL BRAKE。</translation>
    </message>
    <message>
        <source>Cues held: %1</source>
        <translation>提示保持：%1</translation>
    </message>
    <message>
        <source>The loop guard holds the cues at neutral while the loop is degraded. STOP is latched: nothing moves until a mode is picked.</source>
        <translation>回路降级期间，回路守护将运动提示保持中立。停止已锁定：选择模式之前不会有任何运动。</translation>
    </message>
    <message>
        <source>The loop guard holds the cues at neutral while the loop is degraded; they ramp back in after %1 s without a problem (%2 s so far).</source>
        <translation>回路降级期间，回路守护将运动提示保持中立；无问题 %1 秒后渐入（目前 %2 秒）。</translation>
    </message>
    <message>
        <source>Cues held: axes crossed</source>
        <translation>提示保持：轴向错乱</translation>
    </message>
    <message>
        <source>The axis check found the platform reading the axes in another order. Run it again in the Motion platform panel once the axes are set right.</source>
        <translation>轴向检查发现平台以另一种顺序读取各轴。轴向设置正确后，请在运动平台面板中重新运行。</translation>
    </message>
    <message>
        <source>Loop healthy</source>
        <translation>回路正常</translation>
    </message>
    <message>
        <source>The loop guard watches the simulator&apos;s rate, PX4&apos;s lockstep and the platform&apos;s end stops.</source>
        <translation>回路守护监视模拟器的速率、PX4 的锁步和平台的限位。</translation>
    </message>
    <message>
        <source>Cues %1 % × master %2</source>
        <translation>提示 %1 % × 总增益 %2</translation>
    </message>
    <message>
        <source>%1 % × %2</source>
        <translation>%1 % × %2</translation>
    </message>
    <message>
        <source>The cue gain the link applies now (0 % while held, stale or stopped; ramps in over 2 s) times the master gain of the cueing settings.</source>
        <translation>连接当前施加的提示增益（保持、过期或停止时为 0 %；在 2 秒内渐入）乘以提示设置的总增益。</translation>
    </message>
    <message>
        <source>%1 %2/s</source>
        <translation>%1 %2/秒</translation>
    </message>
    <message>
        <source>%1: %2 a second; a healthy rig has %3 or more (the rig check&apos;s limit)</source>
        <translation>%1：每秒 %2；正常的台架为 %3 或更多（台架检查的限值）</translation>
    </message>
    <message>
        <source>enabling held</source>
        <translation>使能按钮已按住</translation>
    </message>
    <message>
        <source>enabling released</source>
        <translation>使能按钮已松开</translation>
    </message>
    <message>
        <source>no device</source>
        <translation>无设备</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Pilot: %1</source>
        <translation>飞行员：%1</translation>
    </message>
    <message>
        <source>Pilot</source>
        <translation>飞行员</translation>
    </message>
    <message>
        <source>● Recording</source>
        <translation>● 正在记录</translation>
    </message>
    <message>
        <source>Recording to %1</source>
        <translation>记录到 %1</translation>
    </message>
    <message>
        <source>Not recording: the session folder cannot be written</source>
        <translation>未记录：无法写入会话文件夹</translation>
    </message>
    <message>
        <source>Not recording</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Check the disk and the folder %1; the Session panel has the details.</source>
        <translation>请检查磁盘和文件夹 %1；会话面板中有详细信息。</translation>
    </message>
    <message>
        <source>STAND-INS</source>
        <translation>替身</translation>
    </message>
    <message>
        <source>STAND-INS · DEMO</source>
        <translation>替身 · 演示</translation>
    </message>
    <message>
        <source>Built-in stand-ins play %1: no real peer, and their figures are not a rig&apos;s.</source>
        <translation>内置替身扮演 %1：没有真实对端，其数值并非来自真实台架。</translation>
    </message>
</context>
<context>
    <name>hil::RigTile</name>
    <message>
        <source>STOP</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>offline (%1)</source>
        <translation>离线 (%1)</translation>
    </message>
    <message>
        <source>no platform</source>
        <translation>无平台</translation>
    </message>
    <message>
        <source>Platform: %1, %2</source>
        <translation>平台：%1，%2</translation>
    </message>
    <message>
        <source>Altitude %1 m, airspeed %2 m/s</source>
        <translation>高度 %1 m，空速 %2 m/s</translation>
    </message>
    <message>
        <source>Rig check: none</source>
        <translation>台架检查：无</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>%1 秒前</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>%1 分钟前</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>%1 小时前</translation>
    </message>
    <message>
        <source>%1 days ago</source>
        <translation>%1 天前</translation>
    </message>
    <message>
        <source>Rig check: failed %1 · warnings %2 · %3</source>
        <translation>台架检查：失败 %1 · 警告 %2 · %3</translation>
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
    <message numerus="yes">
        <source>%n new ↓</source>
        <translation>
            <numerusform>%n 条新事件 ↓</numerusform>
        </translation>
    </message>
    <message>
        <source>HIL Station cannot start</source>
        <translation>HIL Station 无法启动</translation>
    </message>
    <message>
        <source>Nothing was started and nothing is recorded:

%1

Choose a folder that can be written (--log-dir) and start again.</source>
        <translation>未启动任何内容，也未记录任何内容：

%1

请选择可写入的文件夹（--log-dir）后重新启动。</translation>
    </message>
    <message>
        <source>Close this session&apos;s files and record on in a new folder?</source>
        <translation>关闭本会话的文件并在新文件夹中继续记录？</translation>
    </message>
    <message>
        <source>This session is closed in:
%1

The new session records in:
%2

The links and the platform go on as they are.</source>
        <translation>本会话在此结束：
%1

新会话记录到：
%2

连接和平台照常运行。</translation>
    </message>
    <message>
        <source>Start new session</source>
        <translation>开始新会话</translation>
    </message>
    <message>
        <source>%1 (stand-in)</source>
        <translation>%1（替身）</translation>
    </message>
</context>
<context>
    <name>hil::SignalWord</name>
    <message>
        <source>position</source>
        <comment>group: position in the NED frame</comment>
        <translation>位置</translation>
    </message>
    <message>
        <source>velocity</source>
        <comment>group</comment>
        <translation>速度</translation>
    </message>
    <message>
        <source>acceleration</source>
        <comment>group</comment>
        <translation>加速度</translation>
    </message>
    <message>
        <source>attitude</source>
        <comment>group</comment>
        <translation>姿态</translation>
    </message>
    <message>
        <source>angular_velocity</source>
        <comment>group</comment>
        <translation>角速度</translation>
    </message>
    <message>
        <source>geodetic</source>
        <comment>group: latitude, longitude, altitude</comment>
        <translation>地理坐标</translation>
    </message>
    <message>
        <source>extras</source>
        <comment>group: further simulator values</comment>
        <translation>其他</translation>
    </message>
    <message>
        <source>wind</source>
        <comment>group</comment>
        <translation>风</translation>
    </message>
    <message>
        <source>specific_force</source>
        <comment>group: what an accelerometer reads</comment>
        <translation>比力</translation>
    </message>
    <message>
        <source>sim</source>
        <comment>group: the simulator&apos;s own clock and state</comment>
        <translation>仿真器</translation>
    </message>
    <message>
        <source>window</source>
        <comment>group: the program&apos;s window</comment>
        <translation>窗口</translation>
    </message>
    <message>
        <source>n</source>
        <comment>north axis (NED frame); keep it one letter</comment>
        <translation>北</translation>
    </message>
    <message>
        <source>e</source>
        <comment>east axis (NED frame); keep it one letter</comment>
        <translation>东</translation>
    </message>
    <message>
        <source>d</source>
        <comment>down axis (NED frame); keep it one letter</comment>
        <translation>下</translation>
    </message>
    <message>
        <source>f</source>
        <comment>forward axis (body frame); keep it one letter</comment>
        <translation>前</translation>
    </message>
    <message>
        <source>r</source>
        <comment>right axis (body frame); keep it one letter</comment>
        <translation>右</translation>
    </message>
    <message>
        <source>roll</source>
        <comment>rotation about the forward axis</comment>
        <translation>横滚</translation>
    </message>
    <message>
        <source>pitch</source>
        <comment>rotation about the right axis</comment>
        <translation>俯仰</translation>
    </message>
    <message>
        <source>yaw</source>
        <comment>rotation about the down axis</comment>
        <translation>偏航</translation>
    </message>
    <message>
        <source>latitude</source>
        <translation>纬度</translation>
    </message>
    <message>
        <source>longitude</source>
        <translation>经度</translation>
    </message>
    <message>
        <source>altitude</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>airspeed</source>
        <translation>空速</translation>
    </message>
    <message>
        <source>groundspeed</source>
        <translation>地速</translation>
    </message>
    <message>
        <source>altitude_asl</source>
        <comment>above sea level</comment>
        <translation>海拔高度</translation>
    </message>
    <message>
        <source>altitude_agl</source>
        <comment>above ground level</comment>
        <translation>离地高度</translation>
    </message>
    <message>
        <source>prop_rpm</source>
        <comment>propeller speed</comment>
        <translation>螺旋桨转速</translation>
    </message>
    <message>
        <source>battery_voltage</source>
        <translation>电池电压</translation>
    </message>
    <message>
        <source>battery_current</source>
        <translation>电池电流</translation>
    </message>
    <message>
        <source>physics_time</source>
        <comment>the simulator&apos;s clock</comment>
        <translation>仿真时间</translation>
    </message>
    <message>
        <source>stale</source>
        <comment>1 when the simulator repeated a frame</comment>
        <translation>过时</translation>
    </message>
    <message>
        <source>throttle</source>
        <comment>the pilot&apos;s throttle stick</comment>
        <translation>油门</translation>
    </message>
    <message>
        <source>buttons</source>
        <comment>the pilot&apos;s device&apos;s buttons</comment>
        <translation>按键</translation>
    </message>
    <message>
        <source>active</source>
        <comment>1 while the pilot&apos;s device is in use</comment>
        <translation>活动</translation>
    </message>
    <message>
        <source>surge_m</source>
        <comment>the platform&apos;s forward travel</comment>
        <translation>纵移</translation>
    </message>
    <message>
        <source>sway_m</source>
        <comment>the platform&apos;s sideways travel</comment>
        <translation>横移</translation>
    </message>
    <message>
        <source>heave_m</source>
        <comment>the platform&apos;s vertical travel</comment>
        <translation>升降</translation>
    </message>
    <message>
        <source>period_ms</source>
        <comment>time between two of a link&apos;s exchanges</comment>
        <translation>周期</translation>
    </message>
    <message>
        <source>frame_period_ms</source>
        <comment>time between two painted frames</comment>
        <translation>帧周期</translation>
    </message>
    <message>
        <source>refresh_ms</source>
        <comment>time one window refresh took</comment>
        <translation>刷新耗时</translation>
    </message>
    <message>
        <source>channel %1</source>
        <comment>an actuator channel, counted from 0</comment>
        <translation>通道 %1</translation>
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
    <message>
        <source>How many of the newest samples each histogram counts</source>
        <translation>每个直方图统计的最新样本数</translation>
    </message>
</context>
<context>
    <name>hil::StopGuard</name>
    <message>
        <source>STOP</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the motion platform: zero the cues and brake (Esc)</source>
        <translation>停止运动平台：清零运动提示并制动 (Esc)</translation>
    </message>
    <message>
        <source>Platform: not connected</source>
        <translation>平台：未连接</translation>
    </message>
    <message>
        <source>Platform: %1</source>
        <translation>平台：%1</translation>
    </message>
    <message>
        <source>Platform: no answer</source>
        <translation>平台：无应答</translation>
    </message>
    <message>
        <source>STOP latched: %1</source>
        <translation>停止已锁定：%1</translation>
    </message>
</context>
<context>
    <name>hil::WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New session…</source>
        <translation>新会话(&amp;N)…</translation>
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
        <source>&amp;Lab settings…</source>
        <translation>实验室设置(&amp;L)…</translation>
    </message>
    <message>
        <source>L&amp;ab: every rig…</source>
        <translation>实验室：所有台架(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Rig check…</source>
        <translation>台架检查(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Measure the platform…</source>
        <translation>测量平台(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Dry run…</source>
        <translation>试运行(&amp;D)…</translation>
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
        <source>Lab</source>
        <translation>实验室</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
</context>
</TS>
