import SpringMath
import WaveRuntime
import SpringCharts
import ArgumentParser
print("springplot")
