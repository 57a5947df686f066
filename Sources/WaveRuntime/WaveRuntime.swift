import SpringMath
